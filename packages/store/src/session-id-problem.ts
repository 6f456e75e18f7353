/**
 * Session ids name files, so they are restricted to a safe alphabet: engram's own
 * `YYYYMMDD_HHMMSS_xxxx` and hosts' ids (UUIDs) fit; `../x`, `/etc` or empty never do.
 */
const SAFE_SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/**
 * Why a session id cannot name a log file, or null when it can. Plain (no Effect), so the hook
 * path can check an id without loading the Effect-based log; `checkSessionId` wraps it in a `StoreError`.
 */
export const sessionIdProblem = (sessionId: string): string | null =>
  SAFE_SESSION_ID.test(sessionId) ? null : `session id ${JSON.stringify(sessionId)} is not a safe file name (letters, digits, _ and -, at most 128)`;
