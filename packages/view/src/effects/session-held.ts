import { statSync } from 'node:fs';

/**
 * A lock not refreshed for this long belongs to a process that died (`staleMs` of @engram/fs's
 * lock helper, which refreshes a held lock every half of it).
 */
const LOCK_STALE_MS = 10_000;

/**
 * Whether a process holds the session of `logFile` now: a chat holds `<log>.chat` for as long as
 * it runs (`brain.holdSession`, the cross-process lock of @engram/fs: the folder `<log>.chat.lock`,
 * refreshed while held). A log without `executive.session.ended` whose holder exited, or was
 * killed, is not live.
 */
export const sessionHeld = (logFile: string, now = Date.now()): boolean => {
  try {
    return now - statSync(`${logFile}.chat.lock`).mtimeMs < LOCK_STALE_MS;
  } catch {
    return false;
  }
};
