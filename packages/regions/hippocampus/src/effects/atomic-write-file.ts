import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Files engram creates are private to the user. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Temp files are hidden siblings with a random part, so concurrent writers never share one (Anton's fixed `<file>.tmp` did, §15.14). */
export const tempPathFor = (path: string): string => join(dirname(path), `.${basename(path)}.${randomBytes(8).toString('hex')}.tmp`);

/** Matches the temp files `tempPathFor` makes for `name`, for clean-up after a killed writer. */
export const isTempFor = (name: string, candidate: string): boolean =>
  candidate.length === name.length + 22 && candidate.startsWith(`.${name}.`) && /^[0-9a-f]{16}\.tmp$/.test(candidate.slice(name.length + 2));

/** Flushes a directory entry (the rename) to disk; some file systems refuse, which is harmless. */
export const fsyncDir = (dir: string): void => {
  let fd: number | null = null;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // EISDIR/EINVAL on file systems that cannot fsync a directory: the rename is still atomic.
  } finally {
    if (fd !== null) closeSync(fd);
  }
};

/**
 * Replaces `path` with `text` so a reader (or a crash, even SIGKILL) sees the old file or the new
 * one, never a mix: write a unique temp file (0600), fsync it, rename it over the target, fsync
 * the directory. `beforeCommit` runs just before the rename and may throw to abandon the write.
 */
export const atomicWriteFile = (path: string, text: string, beforeCommit: () => void = () => undefined): void => {
  const temp = tempPathFor(path);
  const fd = openSync(temp, 'wx', PRIVATE_FILE_MODE);
  let committed = false;
  try {
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    beforeCommit();
    renameSync(temp, path);
    committed = true;
  } finally {
    if (!committed) {
      try {
        unlinkSync(temp);
      } catch {
        // already gone
      }
    }
  }
  fsyncDir(dirname(path));
};
