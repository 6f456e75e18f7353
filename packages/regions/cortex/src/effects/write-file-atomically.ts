import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Files engram creates are private to the user (DESIGN.md, Storage). */
const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

/**
 * Replaces `path` with `text` so a reader or a crash sees the old file or the new one: a unique
 * temp file (0600) in the same folder, fsynced, renamed over the target.
 */
export const writeFileAtomically = (path: string, text: string): void => {
  mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(8).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, path);
  } catch (err) {
    unlinkSync(temp);
    throw err;
  }
};
