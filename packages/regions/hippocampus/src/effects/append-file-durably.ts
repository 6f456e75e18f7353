import { closeSync, fdatasyncSync, openSync, writeSync } from 'node:fs';
import { PRIVATE_FILE_MODE } from './atomic-write-file.js';

/**
 * Appends text, flushing it to disk first when `sync` is set. Either way the lines already in
 * the file are never touched: a crash can at worst lose or cut the appended tail, which the
 * tolerant parser reads as a (short) entry and the next append starts after on a fresh line.
 */
export const appendFileDurably = (path: string, text: string, sync: boolean): void => {
  const fd = openSync(path, 'a', PRIVATE_FILE_MODE);
  try {
    writeSync(fd, text);
    if (sync) fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
};
