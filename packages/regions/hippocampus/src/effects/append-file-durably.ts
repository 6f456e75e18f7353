import { closeSync, fdatasyncSync, fstatSync, openSync, writeSync, type BigIntStats } from 'node:fs';
import { PRIVATE_FILE_MODE } from './atomic-write-file.js';

/** The identity `MemoryFileCache` keys a file's content by: inode, size, nanosecond mtime. */
export const contentKey = (s: BigIntStats): string => `${s.ino}:${s.size}:${s.mtimeNs}`;

/**
 * Appends text, flushing it to disk first when `sync` is set. Either way the lines already in
 * the file are never touched: a crash can at worst lose or cut the appended tail, which the
 * tolerant parser reads as a (short) entry and the next append starts after on a fresh line.
 * Returns the file's content key just before and just after the write (on the descriptor written
 * to), so the caller can tell whether anyone else changed the file around its append.
 */
export const appendFileDurably = (path: string, text: string, sync: boolean): { readonly before: string; readonly after: string } => {
  const fd = openSync(path, 'a', PRIVATE_FILE_MODE);
  try {
    const before = contentKey(fstatSync(fd, { bigint: true }));
    writeSync(fd, text);
    if (sync) fdatasyncSync(fd);
    return { before, after: contentKey(fstatSync(fd, { bigint: true })) };
  } finally {
    closeSync(fd);
  }
};
