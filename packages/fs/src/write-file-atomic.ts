import { dirname } from 'node:path';
import { UTF8_BOM, startsWithBom } from './bom.js';
import { confirmOpenedAt } from './confirm-opened.js';
import { containedPath } from './contain-path.js';
import { PRIVATE_FILE_MODE, ensureDir } from './ensure-dir.js';
import { FsError, errnoOf, toFsError, type FsOperation } from './fs-error.js';
import { O, nodeFsPort, type FsPort } from './fs-port.js';
import { tempPathFor } from './temp-name.js';
import { writeAll } from './write-all.js';

export interface AtomicWriteOptions {
  /** The trusted folder the path must stay under (default: the file's own folder). */
  readonly root?: string;
  readonly port?: FsPort;
  /** Runs just before the rename and may throw to abandon the write (a lost lock). */
  readonly beforeCommit?: () => void;
  /** Keep a UTF-8 BOM the current file starts with (default true): a hand-edited file keeps its encoding mark. */
  readonly keepBom?: boolean;
}

const UNCHANGED = 'the file is unchanged';

/**
 * Replaces `path` with `data` so a reader, a crash (even SIGKILL) or a full disk leaves the old
 * file or the new one, never a mix and never less: write every byte of a unique temp file
 * (0600) in the same folder, fsync it, rename it over the target, fsync the folder. On any
 * failure before the rename the original is untouched, the temp file is removed and an FsError
 * names the path, the failed step and the OS code (ENOSPC, EDQUOT, EIO, EROFS ...). A target
 * that is a link, or lies under a linked folder, is refused.
 */
export const writeFileAtomic = (path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void => {
  const port = options.port ?? nodeFsPort;
  const root = options.root ?? dirname(path);
  const abs = containedPath(root, path, port);
  const dir = dirname(abs);
  let bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const current = port.lstat(abs);
  if (current !== null && !current.isFile) throw new FsError(current.isSymbolicLink ? 'symlink' : 'not-a-file', abs, 'open', null, UNCHANGED);
  if (current !== null && (options.keepBom ?? true) && !startsWithBom(bytes) && hasBom(port, abs)) bytes = Buffer.concat([UTF8_BOM, bytes]);

  const temp = tempPathFor(abs);
  let fd: number | null = null;
  let op: FsOperation = 'open';
  let committed = false;
  try {
    try {
      fd = port.open(temp, O.WRONLY | O.CREAT | O.EXCL | O.NOFOLLOW, PRIVATE_FILE_MODE);
    } catch (err) {
      // The folder is made only when missing (the first write): most writes skip the mkdir calls.
      if (errnoOf(err) !== 'ENOENT') throw err;
      ensureDir(root, dir, port);
      fd = port.open(temp, O.WRONLY | O.CREAT | O.EXCL | O.NOFOLLOW, PRIVATE_FILE_MODE);
    }
    // The temp file must be where it was meant to be: a folder swapped for a link since the check would put it elsewhere.
    const opened = fd;
    fd = null;
    confirmOpenedAt(port, opened, root, temp, 'open', UNCHANGED);
    fd = opened;
    op = 'write';
    writeAll(port, fd, bytes, abs);
    op = 'fsync';
    port.fsync(fd);
    const closing = fd;
    fd = null;
    port.close(closing);
    options.beforeCommit?.();
    op = 'rename';
    port.rename(temp, abs);
    committed = true;
  } catch (err) {
    if (fd !== null) closeQuietly(port, fd);
    if (!committed) unlinkQuietly(port, temp);
    // A refusal from beforeCommit (a lost lock) is not a file error: pass it on as it is.
    if (errnoOf(err) === null && !(err instanceof FsError)) throw err;
    throw toFsError(err, abs, op, UNCHANGED);
  }
  fsyncDir(port, dir);
};

const hasBom = (port: FsPort, path: string): boolean => {
  const fd = port.open(path, O.RDONLY | O.NOFOLLOW, 0);
  try {
    const head = new Uint8Array(3);
    const n = port.read(fd, head, 0, 3, 0);
    return n === 3 && startsWithBom(head);
  } finally {
    port.close(fd);
  }
};

/** Flushes the folder entry (the rename) to disk; file systems that cannot fsync a folder still renamed atomically. */
const fsyncDir = (port: FsPort, dir: string): void => {
  let fd: number | null = null;
  try {
    fd = port.open(dir, O.RDONLY | O.DIRECTORY, 0);
    port.fsync(fd);
  } catch {
    // EISDIR/EINVAL on file systems that cannot fsync a folder: the new file is in place either way.
  } finally {
    if (fd !== null) closeQuietly(port, fd);
  }
};

const closeQuietly = (port: FsPort, fd: number): void => {
  try {
    port.close(fd);
  } catch {
    // the descriptor is gone either way
  }
};

const unlinkQuietly = (port: FsPort, path: string): void => {
  try {
    port.unlink(path);
  } catch {
    // never created, or already gone
  }
};
