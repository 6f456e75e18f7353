import { StoreError } from './store-error.js';

/**
 * Session ids name files, so they are restricted to a safe alphabet: engram's own
 * `YYYYMMDD_HHMMSS_xxxx` and hosts' ids (UUIDs) fit; `../x`, `/etc` or empty never do.
 */
const SAFE_SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export const checkSessionId = (sessionId: string): StoreError | null =>
  SAFE_SESSION_ID.test(sessionId)
    ? null
    : new StoreError({ reason: 'invalid-session', message: `session id ${JSON.stringify(sessionId)} is not a safe file name (letters, digits, _ and -, at most 128)` });
