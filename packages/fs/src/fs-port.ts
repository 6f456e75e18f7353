import * as fs from 'node:fs';

/** What the writers need to know about an open file. */
export interface PortStats {
  readonly size: number;
  readonly mode: number;
  readonly ino: bigint;
  readonly mtimeNs: bigint;
  readonly isFile: boolean;
  readonly isDirectory: boolean;
  readonly isSymbolicLink: boolean;
}

/**
 * The system calls the writers in this package make, and nothing else. Production uses
 * `nodeFsPort`; tests swap in `faultyFsPort` to fail any one call (ENOSPC at the n-th write,
 * a short write, a failing fsync or rename) and check that no failure point loses data.
 */
export interface FsPort {
  open(path: string, flags: number, mode: number): number;
  /** Writes up to `length` bytes and returns how many were written (may be fewer: callers loop). */
  write(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number;
  fsync(fd: number): void;
  fdatasync(fd: number): void;
  ftruncate(fd: number, length: number): void;
  fchmod(fd: number, mode: number): void;
  fstat(fd: number): PortStats;
  /** null when nothing is there. */
  lstat(path: string): PortStats | null;
  close(fd: number): void;
  rename(from: string, to: string): void;
  unlink(path: string): void;
  mkdir(path: string, mode: number): void;
  readdir(path: string): string[];
  /**
   * The path the kernel holds for an open descriptor (Linux: `/proc/self/fd/N`), with no link in
   * it; null where the platform cannot tell (macOS, Windows) or /proc is not mounted.
   */
  fdPath(fd: number): string | null;
  /** `path` with every link resolved (for the trusted root, which may itself sit under a link: /tmp on macOS). */
  realpath(path: string): string;
}

const toStats = (s: fs.BigIntStats): PortStats => ({
  size: Number(s.size),
  mode: Number(s.mode),
  ino: s.ino,
  mtimeNs: s.mtimeNs,
  isFile: s.isFile(),
  isDirectory: s.isDirectory(),
  isSymbolicLink: s.isSymbolicLink(),
});

/** The real file system. */
export const nodeFsPort: FsPort = {
  open: (path, flags, mode) => fs.openSync(path, flags, mode),
  write: (fd, buffer, offset, length) => fs.writeSync(fd, buffer, offset, length),
  read: (fd, buffer, offset, length, position) => fs.readSync(fd, buffer, offset, length, position),
  fsync: (fd) => fs.fsyncSync(fd),
  fdatasync: (fd) => fs.fdatasyncSync(fd),
  ftruncate: (fd, length) => fs.ftruncateSync(fd, length),
  fchmod: (fd, mode) => fs.fchmodSync(fd, mode),
  fstat: (fd) => toStats(fs.fstatSync(fd, { bigint: true })),
  lstat: (path) => {
    const s = fs.lstatSync(path, { bigint: true, throwIfNoEntry: false });
    return s === undefined ? null : toStats(s);
  },
  close: (fd) => fs.closeSync(fd),
  rename: (from, to) => fs.renameSync(from, to),
  unlink: (path) => fs.unlinkSync(path),
  mkdir: (path, mode) => fs.mkdirSync(path, { mode }),
  readdir: (path) => fs.readdirSync(path),
  fdPath: (fd) => {
    if (process.platform !== 'linux') return null;
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return null;
    }
  },
  realpath: (path) => fs.realpathSync(path),
};

/** Open flags, so callers need not import node:fs for them. O_NOFOLLOW is 0 where the platform lacks it. */
export const O = {
  RDONLY: fs.constants.O_RDONLY,
  WRONLY: fs.constants.O_WRONLY,
  RDWR: fs.constants.O_RDWR,
  CREAT: fs.constants.O_CREAT,
  EXCL: fs.constants.O_EXCL,
  APPEND: fs.constants.O_APPEND,
  NOFOLLOW: fs.constants.O_NOFOLLOW ?? 0,
  DIRECTORY: fs.constants.O_DIRECTORY ?? 0,
} as const;
