import { readSync } from 'node:fs';
import { parseLogLine } from './parse-log-line.js';

/** Most last lines fit in one read; longer ones double the window. */
const TAIL_WINDOW = 64 * 1024;
const NEWLINE = 0x0a;

export interface LogTail {
  /** Byte offset just after the last newline: where complete lines end. */
  readonly completeEnd: number;
  /** seq of the last complete line that parses as an event (0 when none). */
  readonly lastSeq: number;
  /** Bytes after the last newline, if any: a torn append. */
  readonly torn: Buffer;
}

/**
 * Finds where the last complete event ends and its seq, reading backwards from the end of the
 * file, so a writer learns the log's state without reading the whole log.
 */
export const readLogTail = (fd: number, size: number): LogTail => {
  if (size === 0) return { completeEnd: 0, lastSeq: 0, torn: Buffer.alloc(0) };
  let window = Math.min(TAIL_WINDOW, size);
  for (;;) {
    const start = size - window;
    const buf = Buffer.allocUnsafe(window);
    readSync(fd, buf, 0, window, start);
    const lastNl = buf.lastIndexOf(NEWLINE);
    if (lastNl === -1 && start > 0) {
      window = Math.min(window * 2, size);
      continue;
    }
    const completeEnd = lastNl === -1 ? 0 : start + lastNl + 1;
    const torn = Buffer.from(buf.subarray(lastNl + 1));
    // Walk complete lines backwards until one parses: a corrupt line does not hide the seq before it.
    let end = lastNl;
    while (end > 0) {
      const prevNl = buf.lastIndexOf(NEWLINE, end - 1);
      if (prevNl === -1 && start > 0) break; // the line starts before the window: widen it
      const r = parseLogLine(buf.toString('utf8', prevNl + 1, end));
      if (r.ok) return { completeEnd, lastSeq: r.event.seq, torn };
      end = prevNl;
    }
    if (start === 0) return { completeEnd, lastSeq: 0, torn };
    window = Math.min(window * 2, size);
  }
};
