import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AnyEnvelope } from '@engram/events';
import type { LogProblem } from '../log-problem.js';
import { parseLogLine } from '../parse-log-line.js';

/** How often a followed log is checked for growth: fast enough to feel live, cheap when idle. */
const DEFAULT_POLL_MS = 100;
const NEWLINE = 0x0a;

export interface FollowOptions {
  readonly signal?: AbortSignal;
  readonly fromSeq?: number;
  readonly pollMs?: number;
  readonly onProblem?: (problem: LogProblem) => void;
}

/**
 * Yields the events of a log as they are appended, waiting for complete lines (a half-written
 * line is held back until its newline arrives). Ends when the signal aborts. Never writes.
 */
export async function* followLogFile(file: string, options: FollowOptions = {}): AsyncGenerator<AnyEnvelope> {
  const { signal, fromSeq = 0, pollMs = DEFAULT_POLL_MS, onProblem } = options;
  while (!existsSync(file)) {
    if (signal?.aborted) return;
    await sleep(pollMs, undefined, { signal }).catch(() => undefined);
  }
  const fd = openSync(file, 'r');
  let offset = 0;
  let lineNo = 0;
  let carry = Buffer.alloc(0);
  try {
    while (!signal?.aborted) {
      const size = fstatSync(fd).size;
      if (size < offset) {
        // Truncated under us (a repaired torn tail): drop the partial line we were holding.
        offset = size;
        carry = Buffer.alloc(0);
      }
      if (size > offset) {
        const buf = Buffer.allocUnsafe(size - offset);
        const n = readSync(fd, buf, 0, buf.length, offset);
        offset += n;
        const chunk = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
        let start = 0;
        for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
          lineNo++;
          const r = parseLogLine(chunk.toString('utf8', start, nl));
          start = nl + 1;
          if (r.ok) {
            if (r.event.seq >= fromSeq) yield r.event;
          } else for (const i of r.issues) onProblem?.({ file, line: lineNo, field: i.field, problem: i.problem });
        }
        carry = Buffer.from(chunk.subarray(start));
        continue;
      }
      await sleep(pollMs, undefined, { signal }).catch(() => undefined);
    }
  } finally {
    closeSync(fd);
  }
}
