import { nodeFsPort, type FsPort } from './fs-port.js';

/** Which call to break. Counts are 1-based over the port's whole life. */
export interface FaultPlan {
  /** The n-th write throws this code (default ENOSPC) after writing nothing. */
  readonly failWriteAt?: number;
  readonly writeError?: string;
  /** Every write accepts at most this many bytes (a short write, as a nearly full disk does). */
  readonly maxBytesPerWrite?: number;
  /** The n-th write accepts 0 bytes without an error (the kernel's way of saying "no more"). */
  readonly zeroWriteAt?: number;
  /** The n-th fsync/fdatasync throws EIO. */
  readonly failFsyncAt?: number;
  /** The n-th rename throws EIO. */
  readonly failRenameAt?: number;
  /** The n-th open (for writing) throws this code (default EMFILE). */
  readonly failOpenAt?: number;
  readonly openError?: string;
  /** The n-th ftruncate throws EIO (the undo of a failed append fails too). */
  readonly failTruncateAt?: number;
}

const errno = (code: string, call: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`${code}: injected failure, ${call}`), {
    code,
    syscall: call,
  });

/** Calls made so far, by kind: tests read them to enumerate every failure point. */
export interface FaultCounters {
  writes: number;
  fsyncs: number;
  renames: number;
  opens: number;
  truncates: number;
}

/**
 * A real file system with injected failures: every call goes to `base` except the one the plan
 * breaks. Used by the property tests to show that at any failure point a file holds its old
 * content or its new one, never less.
 */
export const faultyFsPort = (plan: FaultPlan, base: FsPort = nodeFsPort): FsPort & { readonly counters: FaultCounters } => {
  const counters: FaultCounters = {
    writes: 0,
    fsyncs: 0,
    renames: 0,
    opens: 0,
    truncates: 0,
  };
  const sync = (op: (fd: number) => void) => (fd: number) => {
    counters.fsyncs += 1;
    if (counters.fsyncs === plan.failFsyncAt) throw errno('EIO', 'fsync');
    op(fd);
  };
  return {
    ...base,
    counters,
    open: (path, flags, mode) => {
      counters.opens += 1;
      if (counters.opens === plan.failOpenAt) throw errno(plan.openError ?? 'EMFILE', 'open');
      return base.open(path, flags, mode);
    },
    write: (fd, buffer, offset, length) => {
      counters.writes += 1;
      if (counters.writes === plan.failWriteAt) throw errno(plan.writeError ?? 'ENOSPC', 'write');
      if (counters.writes === plan.zeroWriteAt) return 0;
      return base.write(fd, buffer, offset, Math.min(length, plan.maxBytesPerWrite ?? length));
    },
    fsync: sync((fd) => base.fsync(fd)),
    fdatasync: sync((fd) => base.fdatasync(fd)),
    rename: (from, to) => {
      counters.renames += 1;
      if (counters.renames === plan.failRenameAt) throw errno('EIO', 'rename');
      base.rename(from, to);
    },
    ftruncate: (fd, length) => {
      counters.truncates += 1;
      if (counters.truncates === plan.failTruncateAt) throw errno('EIO', 'ftruncate');
      base.ftruncate(fd, length);
    },
  };
};
