import { closeSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Files engram creates are private to the user (DESIGN.md, storage). */
const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

/**
 * Appends one line with a single `write` on an `O_APPEND` descriptor. The kernel positions and
 * writes it under the inode lock, so lines from concurrent processes never interleave (a
 * multi-process test holds this up) and no lock file is needed: a record has no sequence
 * number to assign, unlike the event log. If the file does not end with a newline (a writer
 * was killed mid-line), the line starts on a fresh one, so the torn tail stays one bad line.
 * The check is not atomic with the write: a writer that sees another's record half-written
 * (the size grows page by page) also starts a fresh line, leaving a blank line that readers
 * skip. A blank line is cheap; gluing the next record onto a torn one would lose it.
 */
export const appendLine = (path: string, line: string): number => {
  mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
  const fd = openSync(path, 'a+', PRIVATE_FILE_MODE);
  try {
    const size = fstatSync(fd).size;
    let text = line;
    if (size > 0) {
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, size - 1);
      if (last[0] !== 0x0a) text = `\n${line}`;
    }
    const bytes = Buffer.from(text, 'utf8');
    let written = 0;
    // A regular file takes the whole buffer in one call; the loop only guards a signal-interrupted short write.
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    return bytes.length;
  } finally {
    closeSync(fd);
  }
};
