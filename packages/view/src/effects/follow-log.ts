import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { AnyEnvelope } from '@engram/events';
import { parseLogLine } from '@engram/store';
import { scrubStrings } from '../data/scrub-strings.js';

/**
 * How often a followed log is looked at: a person watching a timeline reads a new event within a
 * blink, and a stat() every quarter second per open page costs nothing.
 */
export const FOLLOW_POLL_MS = 250;

/** Bytes read at a time: the first look at a long log reads it in pieces, not in one buffer. */
const CHUNK_BYTES = 1 << 20;
const NEWLINE = 0x0a;

/**
 * Follows a growing event log: each look reads only the bytes appended since the last one (a
 * running session's log grows every round; reading it whole each time would cost a page open on a
 * long session its CPU), parses the complete lines (a half-written last line waits for its
 * newline; bad lines are skipped, the page reports them) and hands on the events after the last
 * seq seen, in order and scrubbed. A log replaced or shrunk under it (`engram memory forget`
 * redacts logs) is read again from the start. Returns the function that stops it.
 */
export const followLog = (file: string, afterSeq: number, onEvents: (events: readonly AnyEnvelope[]) => void, pollMs = FOLLOW_POLL_MS): (() => void) => {
  let last = afterSeq;
  let offset = 0;
  let inode = -1;
  let carry = Buffer.alloc(0);
  const look = () => {
    let size: number;
    try {
      const st = statSync(file);
      size = st.size;
      if (st.ino !== inode || size < offset) {
        inode = st.ino;
        offset = 0;
        carry = Buffer.alloc(0);
      }
    } catch {
      return; // gone or not yet there: look again later
    }
    if (size === offset) return;
    const fresh: AnyEnvelope[] = [];
    const fd = openSync(file, 'r');
    try {
      while (offset < size) {
        const buf = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, size - offset));
        const n = readSync(fd, buf, 0, buf.length, offset);
        if (n === 0) break;
        offset += n;
        const chunk = carry.length === 0 ? buf.subarray(0, n) : Buffer.concat([carry, buf.subarray(0, n)]);
        let start = 0;
        for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
          const r = parseLogLine(chunk.toString('utf8', start, nl));
          start = nl + 1;
          if (r.ok && r.event.seq > last) {
            fresh.push(r.event);
            last = r.event.seq;
          }
        }
        carry = Buffer.from(chunk.subarray(start));
      }
    } finally {
      closeSync(fd);
    }
    if (fresh.length > 0) onEvents(scrubStrings(fresh));
  };
  look();
  const timer = setInterval(look, pollMs);
  return () => clearInterval(timer);
};
