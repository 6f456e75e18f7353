import { dirname } from 'node:path';
import { confirmOpenedAt } from './confirm-opened.js';
import { containedPath } from './contain-path.js';
import { PRIVATE_FILE_MODE, ensureDir } from './ensure-dir.js';
import { FsError, errnoOf, toFsError, type FsOperation } from './fs-error.js';
import { O, nodeFsPort, type FsPort, type PortStats } from './fs-port.js';
import { writeAll } from './write-all.js';

export interface AppendOptions {
  /** The trusted folder the path must stay under (default: the file's own folder). */
  readonly root?: string;
  readonly port?: FsPort;
  /** fdatasync before returning: the append survives a power loss once acknowledged. */
  readonly sync?: boolean;
}

/** The file's stat just before and just after the append, on the descriptor written to. */
export interface AppendResult {
  readonly before: PortStats;
  readonly after: PortStats;
}

/**
 * Opens `path` for appending without following a link (O_NOFOLLOW, and every folder above it
 * under `root` checked), creating it 0600 and making an existing file 0600. Returns the
 * descriptor; the caller appends with `appendToFd` and closes it.
 */
export const openForAppend = (
  path: string,
  options: {
    readonly root?: string;
    readonly port?: FsPort;
    readonly read?: boolean;
  } = {},
): { fd: number; path: string } => {
  const port = options.port ?? nodeFsPort;
  const root = options.root ?? dirname(path);
  const abs = containedPath(root, path, port);
  const flags = (options.read === true ? O.RDWR : O.WRONLY) | O.APPEND | O.CREAT | O.NOFOLLOW;
  let fd: number;
  try {
    fd = openMakingDir(port, root, abs, flags);
  } catch (err) {
    throw toFsError(err, abs, 'open', 'nothing was appended');
  }
  confirmOpenedAt(port, fd, root, abs, 'open', 'nothing was appended');
  try {
    const st = port.fstat(fd);
    if (!st.isFile) throw new FsError('not-a-file', abs, 'open', null, 'nothing was appended');
    if ((st.mode & 0o777) !== PRIVATE_FILE_MODE) port.fchmod(fd, PRIVATE_FILE_MODE);
  } catch (err) {
    port.close(fd);
    throw toFsError(err, abs, 'chmod', 'nothing was appended');
  }
  return { fd, path: abs };
};

/** Opens `abs`; only when its folder is missing (the first write) are the folders made, then it is opened again. */
const openMakingDir = (port: FsPort, root: string, abs: string, flags: number): number => {
  try {
    return port.open(abs, flags, PRIVATE_FILE_MODE);
  } catch (err) {
    if (errnoOf(err) !== 'ENOENT') throw err;
  }
  ensureDir(root, dirname(abs), port);
  return port.open(abs, flags, PRIVATE_FILE_MODE);
};

/**
 * Appends every byte of `data` to an open descriptor whose length before the append is
 * `sizeBefore`. On any failure (a full disk half way, a failed fdatasync) the file is cut back
 * to `sizeBefore`, so no partial line is left and nothing unacknowledged stays, and an FsError
 * says so. Callers hold the file's lock: the cut would otherwise race another appender.
 */
export const appendToFd = (
  fd: number,
  data: Uint8Array,
  opts: {
    readonly path: string;
    readonly sizeBefore: number;
    readonly sync?: boolean;
    readonly port?: FsPort;
  },
): void => {
  const port = opts.port ?? nodeFsPort;
  let op: FsOperation = 'write';
  try {
    writeAll(port, fd, data, opts.path);
    if (opts.sync === true) {
      op = 'fsync';
      port.fdatasync(fd);
    }
  } catch (err) {
    let outcome = 'nothing was appended';
    try {
      port.ftruncate(fd, opts.sizeBefore);
    } catch (undo) {
      outcome = `the file may end with part of the append (cutting it back failed: ${(undo as Error).message})`;
    }
    throw toFsError(err, opts.path, op, outcome);
  }
};

/**
 * Appends `data` to `path` durably: all of it or, on failure, none of it (see `appendToFd`).
 * Lines already in the file are never touched.
 */
export const appendDurably = (path: string, data: string | Uint8Array, options: AppendOptions = {}): AppendResult => {
  const port = options.port ?? nodeFsPort;
  const { fd, path: abs } = openForAppend(path, options);
  try {
    const before = port.fstat(fd);
    appendToFd(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data, { path: abs, sizeBefore: before.size, sync: options.sync ?? false, port });
    return { before, after: port.fstat(fd) };
  } finally {
    port.close(fd);
  }
};
