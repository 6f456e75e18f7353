import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { AnyEnvelope } from '@engram/events';
import type { LogProblem } from './log-problem.js';
import { parseLogLine } from './parse-log-line.js';

/** Big enough to amortise syscalls, small enough to keep memory flat on huge logs. */
const CHUNK_BYTES = 1 << 20;
const NEWLINE = 0x0a;

export interface ReadLogOptions {
  readonly fromSeq?: number;
  readonly toSeq?: number;
  /** Called every chunk with bytes read so far and the total, for progress on a TTY. */
  readonly onProgress?: (bytesRead: number, totalBytes: number) => void;
  /** Receive events one at a time instead of collecting them (keeps memory flat). */
  readonly onEvent?: (event: AnyEnvelope, line: number) => void;
}

export interface ReadLogResult {
  /** Intact events in file order (empty when `onEvent` was given). */
  readonly events: AnyEnvelope[];
  readonly problems: LogProblem[];
  /** The last line had no newline: an append was cut off (a crashed writer). */
  readonly tornTail: boolean;
  readonly lines: number;
  readonly bytes: number;
}

/**
 * Reads a JSONL event log without modifying it. Every intact event is returned; every bad line
 * (not JSON, unknown type, a field failing its schema, seq not increasing, a torn tail) is reported
 * with file, line and field, and skipped.
 */
export const readLogFile = (file: string, options: ReadLogOptions = {}): ReadLogResult => {
  const { fromSeq = 0, toSeq = Number.POSITIVE_INFINITY, onProgress, onEvent } = options;
  const events: AnyEnvelope[] = [];
  const problems: LogProblem[] = [];
  const fd = openSync(file, 'r');
  let lineNo = 0;
  let lastSeq = 0;
  let bytesRead = 0;
  let tornTail = false;
  const handleLine = (text: string) => {
    lineNo++;
    if (text.length === 0 || text.trim().length === 0) {
      problems.push({ file, line: lineNo, field: '(line)', problem: 'empty line' });
      return;
    }
    const r = parseLogLine(text);
    if (!r.ok) {
      for (const i of r.issues) problems.push({ file, line: lineNo, field: i.field, problem: i.problem });
      return;
    }
    const e = r.event;
    if (e.seq <= lastSeq) {
      problems.push({ file, line: lineNo, field: 'seq', problem: `seq ${e.seq} does not follow ${lastSeq} (seq must strictly increase)` });
      return;
    }
    lastSeq = e.seq;
    if (e.seq < fromSeq || e.seq > toSeq) return;
    if (onEvent) onEvent(e, lineNo);
    else events.push(e);
  };
  try {
    const total = fstatSync(fd).size;
    const buf = Buffer.allocUnsafe(CHUNK_BYTES);
    let carry: Buffer | null = null;
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK_BYTES, null);
      if (n === 0) break;
      bytesRead += n;
      const chunk: Buffer = carry ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
      let start = 0;
      for (let nl = chunk.indexOf(NEWLINE, start); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
        handleLine(chunk.toString('utf8', start, nl));
        start = nl + 1;
      }
      // Copy the remainder: `buf` is reused by the next read.
      carry = start < chunk.length ? Buffer.from(chunk.subarray(start)) : null;
      onProgress?.(bytesRead, total);
      if (lastSeq >= toSeq) break;
    }
    if (carry && carry.length > 0) {
      lineNo++;
      tornTail = true;
      problems.push({ file, line: lineNo, field: '(line)', problem: `torn last line: ${carry.length} bytes without a newline (an append was cut off)` });
    }
  } finally {
    closeSync(fd);
  }
  return { events, problems, tornTail, lines: lineNo, bytes: bytesRead };
};
