import { statSync } from 'node:fs';
import type { AnyEnvelope } from '@engram/events';
import { readLogFile } from '@engram/store';

/**
 * How often a followed log is looked at: a person watching a timeline reads a new event within a
 * blink, and a stat() every quarter second per open page costs nothing.
 */
export const FOLLOW_POLL_MS = 250;

/**
 * Follows a growing event log: whenever its size or mtime changes it is read again (through the
 * store's reader: bad lines skipped, a half-written last line left for the next look) and the
 * events after the last seq seen are handed on, in order. Returns the function that stops it.
 */
export const followLog = (file: string, afterSeq: number, onEvents: (events: readonly AnyEnvelope[]) => void, pollMs = FOLLOW_POLL_MS): (() => void) => {
  let last = afterSeq;
  let stamp = '';
  const look = () => {
    let now: string;
    try {
      const st = statSync(file);
      now = `${st.size}:${st.mtimeMs}`;
    } catch {
      return; // gone or not yet there: look again later
    }
    if (now === stamp) return;
    stamp = now;
    const fresh = readLogFile(file).events.filter((e) => e.seq > last);
    if (fresh.length === 0) return;
    last = fresh.at(-1)?.seq ?? last;
    onEvents(fresh);
  };
  look();
  const timer = setInterval(look, pollMs);
  return () => clearInterval(timer);
};
