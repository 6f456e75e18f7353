import { appendToFd, nodeFsPort, openForAppend, rootForDir } from '@engram/fs';
import { dirname } from 'node:path';

/**
 * Appends one line with a single `write` on an `O_APPEND` descriptor. The kernel positions and
 * writes it under the inode lock, so lines from concurrent processes never interleave (a
 * multi-process test holds this up) and no lock file is needed: a record has no sequence
 * number to assign, unlike the event log. If the file does not end with a newline (a writer
 * was killed mid-line), the line starts on a fresh one, so the torn tail stays one bad line.
 * The check is not atomic with the write: a writer that sees another's record half-written
 * (the size grows page by page) also starts a fresh line, leaving a blank line that readers
 * skip. A blank line is cheap; gluing the next record onto a torn one would lose it.
 * The file is created 0600 (an existing one made 0600), never through a link, and a write
 * that does not fully happen (a full disk) is cut back and thrown, never half-stored.
 */
export const appendLine = (path: string, line: string, root: string = rootForDir(dirname(path))): number => {
  const port = nodeFsPort;
  const { fd, path: abs } = openForAppend(path, { root, port, read: true });
  try {
    const size = port.fstat(fd).size;
    let text = line;
    if (size > 0) {
      const last = Buffer.alloc(1);
      port.read(fd, last, 0, 1, size - 1);
      if (last[0] !== 0x0a) text = `\n${line}`;
    }
    const bytes = Buffer.from(text, 'utf8');
    appendToFd(fd, bytes, { path: abs, sizeBefore: size, port });
    return bytes.length;
  } finally {
    port.close(fd);
  }
};
