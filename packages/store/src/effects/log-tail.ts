import { readSync } from 'node:fs';

/** Most last lines fit in one read; longer ones double the window. */
const TAIL_WINDOW = 64 * 1024;
const NEWLINE = 0x0a;

export interface LogTail {
  /** Byte offset just after the last newline: where complete lines end. */
  readonly completeEnd: number;
  /**
   * The highest seq of the complete lines read (0 when none has one). The highest, not the last:
   * a line copied to the tail by hand (an older seq) must not make the next writer hand out seqs
   * that are already taken. A line that is no valid event still holds its seq (`seqOf`).
   */
  readonly lastSeq: number;
  /** Bytes after the last newline, if any: a torn append. */
  readonly torn: Buffer;
}

/**
 * Finds where the last complete event ends and the highest seq near the end of the file,
 * reading backwards (a window of the tail, widened until it holds a parseable line), so a writer
 * learns the log's state without reading the whole log.
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
    // Every complete line in the window counts; a corrupt one is skipped. A first line that
    // starts before the window is cut and left out.
    let highest = 0;
    let end = lastNl;
    while (end > 0) {
      const prevNl = buf.lastIndexOf(NEWLINE, end - 1);
      if (prevNl === -1 && start > 0) break;
      const seq = seqOf(buf.toString('utf8', prevNl + 1, end));
      if (seq > highest) highest = seq;
      end = prevNl;
    }
    if (highest > 0 || start === 0) return { completeEnd, lastSeq: highest, torn };
    window = Math.min(window * 2, size);
  }
};

/**
 * The seq a log line holds: a JSON object's positive whole `seq`, else 0 (not JSON, or no seq).
 * Not the whole event's check (`parseLogLine`, a schema per event type): a writer needs only the
 * numbers taken, and a seq on a line that is no valid event is taken too (handing it out again
 * could only make two lines share it). Checking every line near the tail was most of an append in
 * a new process: about 3 ms of a hook's JavaScript.
 */
const seqOf = (line: string): number => {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 0;
  }
  const seq = typeof value === 'object' && value !== null ? (value as { seq?: unknown }).seq : undefined;
  return typeof seq === 'number' && Number.isSafeInteger(seq) && seq > 0 ? seq : 0;
};
