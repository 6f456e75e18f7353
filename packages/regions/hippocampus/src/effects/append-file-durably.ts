import { closeSync, fdatasyncSync, openSync, writeSync } from 'node:fs';
import { PRIVATE_FILE_MODE } from './atomic-write-file.js';

/**
 * Appends text and flushes it to disk before returning. A crash can at worst leave a partial
 * last line, which the tolerant parser reads as a (short) entry and the next append starts
 * after on a fresh line.
 */
export const appendFileDurably = (path: string, text: string): void => {
  const fd = openSync(path, 'a', PRIVATE_FILE_MODE);
  try {
    writeSync(fd, text);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
};
