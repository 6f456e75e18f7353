import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { AnyEnvelope } from '@engram/events';
import type { LogProblem } from '../log-problem.js';
import { parseLogLine } from '../parse-log-line.js';

/** Big enough to amortise syscalls, small enough to keep memory flat on huge logs. */
const CHUNK_BYTES = 1 << 20;
/**
 * Lines are decoded this many bytes at a time: a string this small is born in V8's young
 * generation and dies there, while a chunk-sized one goes to the large-object space, where 100 MB
 * of short-lived text triggers full collections that must trace everything else the process holds.
 */
const DECODE_BYTES = 1 << 16;
const NEWLINE = 0x0a;

/**
 * UTF-8 text of `buf[from, to)`. Logs are mostly ASCII (JSON.stringify escapes nothing else, but
 * user text can hold any character): all-ASCII bytes are the same string in latin1, which
 * decodes several times faster than UTF-8, and checking costs a fraction of either.
 */
const decode = (buf: Buffer, from: number, to: number): string => buf.toString(isAscii(buf.subarray(from, to)) ? 'latin1' : 'utf8', from, to);

export interface ReadLogOptions {
  readonly fromSeq?: number;
  readonly toSeq?: number;
  /** Called every chunk with bytes read so far and the total, for progress on a TTY. */
  readonly onProgress?: (bytesRead: number, totalBytes: number) => void;
  /** Receive events one at a time instead of collecting them (keeps memory flat). */
  readonly onEvent?: (event: AnyEnvelope, line: number) => void;
  /**
   * One log is one session's: report (and skip) a line of another session. Give the session id
   * the file belongs to, or `'first'` to take the first valid event's.
   */
  readonly session?: string;
  /**
   * Start at this byte of the file, as if the lines before it had been read: a resumed session's
   * checkpoint covers the log up to there (`afterSeq` is the seq of its last event, `afterLines`
   * its number of lines, so problems keep their line numbers and seq order is still checked).
   */
  readonly fromByte?: number;
  readonly afterSeq?: number;
  readonly afterLines?: number;
}

export interface ReadLogResult {
  /** Intact events in file order (empty when `onEvent` was given). */
  readonly events: AnyEnvelope[];
  readonly problems: LogProblem[];
  /** The last line had no newline: an append was cut off (a crashed writer). */
  readonly tornTail: boolean;
  /** Lines read (counted from `afterLines`). */
  readonly lines: number;
  /** Bytes read (from `fromByte`). */
  readonly bytes: number;
}

/**
 * Reads a JSONL event log without modifying it. Every intact event is returned; every bad line
 * (not JSON, unknown type, a field failing its schema, seq not increasing, a torn tail) is reported
 * with file, line and field, and skipped.
 */
export const readLogFile = (file: string, options: ReadLogOptions = {}): ReadLogResult => {
  const { fromSeq = 0, toSeq = Number.POSITIVE_INFINITY, onProgress, onEvent } = options;
  let session = options.session === 'first' ? null : (options.session ?? undefined);
  const events: AnyEnvelope[] = [];
  const problems: LogProblem[] = [];
  const fd = openSync(file, 'r');
  let lineNo = options.afterLines ?? 0;
  let lastSeq = options.afterSeq ?? 0;
  let position = options.fromByte ?? 0;
  let bytesRead = 0;
  let tornTail = false;
  const handleLine = (text: string) => {
    lineNo++;
    // Only a line starting with whitespace can be blank: avoid trimming every line.
    if (text.length === 0 || (text.charCodeAt(0) <= 0x20 && text.trim().length === 0)) {
      problems.push({ file, line: lineNo, field: '(line)', problem: 'empty line' });
      return;
    }
    const r = parseLogLine(text);
    if (!r.ok) {
      for (const i of r.issues) problems.push({ file, line: lineNo, field: i.field, problem: i.problem });
      return;
    }
    const e = r.event;
    if (session === null) session = e.sessionId;
    if (session !== undefined && e.sessionId !== session) {
      problems.push({ file, line: lineNo, field: 'sessionId', problem: `session ${JSON.stringify(e.sessionId)} is not this log's session ${JSON.stringify(session)} (a line of another session)` });
      return;
    }
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
    let buf = Buffer.allocUnsafe(CHUNK_BYTES);
    /** Bytes of an unfinished line kept at the start of `buf` for the next read. */
    let carry = 0;
    for (;;) {
      if (carry === buf.length) {
        // One line longer than the buffer: grow it rather than split the line.
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, carry);
        buf = bigger;
      }
      const n = readSync(fd, buf, carry, buf.length - carry, position);
      if (n === 0) break;
      position += n;
      bytesRead += n;
      const filled = carry + n;
      // Decode complete lines many at a time (a newline byte never occurs inside a multi-byte
      // UTF-8 character), then split the string: far cheaper than decoding line by line.
      const end = buf.lastIndexOf(NEWLINE, filled - 1) + 1;
      if (end > 0) {
        for (let from = 0; from < end; ) {
          // Whole lines up to DECODE_BYTES, or one longer line on its own.
          let to = from + DECODE_BYTES >= end ? end : buf.lastIndexOf(NEWLINE, from + DECODE_BYTES - 1) + 1;
          if (to <= from) to = buf.indexOf(NEWLINE, from + DECODE_BYTES) + 1;
          const text = decode(buf, from, to);
          let start = 0;
          for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
            handleLine(text.slice(start, nl));
            start = nl + 1;
          }
          from = to;
        }
        buf.copy(buf, 0, end, filled);
        carry = filled - end;
      } else carry = filled;
      onProgress?.(bytesRead, total);
      if (lastSeq >= toSeq) break;
    }
    if (carry > 0) {
      lineNo++;
      tornTail = true;
      problems.push({ file, line: lineNo, field: '(line)', problem: `torn last line: ${carry} bytes without a newline (an append was cut off)` });
    }
  } finally {
    closeSync(fd);
  }
  return { events, problems, tornTail, lines: lineNo, bytes: bytesRead };
};
