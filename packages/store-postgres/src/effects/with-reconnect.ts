import { postgresReason } from '../postgres-error.js';

/** Attempts after a lost connection: enough to ride out a server restart, bounded so a dead server fails the call. */
const RECONNECT_ATTEMPTS = 5;
/** First back-off; doubled per attempt (100, 200, 400, 800 ms: about 1.5 s in all). */
const RECONNECT_BACKOFF_MS = 100;

const lostConnection = (err: unknown): boolean => {
  if (postgresReason(err) === 'unreachable') return true;
  const msg = err instanceof Error ? err.message : '';
  return /Connection terminated|terminating connection|ECONNRESET|Client has encountered a connection error/i.test(msg);
};

/**
 * Runs an idempotent operation again when the connection was lost (a server restart, a dropped
 * socket). Only for operations that are safe to repeat: appends are, because they are keyed by
 * event id.
 */
export const withReconnect = async <A>(op: () => Promise<A>, attempts = RECONNECT_ATTEMPTS): Promise<A> => {
  for (let i = 1; ; i++) {
    try {
      return await op();
    } catch (err) {
      if (i >= attempts || !lostConnection(err)) throw err;
      await new Promise((r) => setTimeout(r, RECONNECT_BACKOFF_MS * 2 ** (i - 1)));
    }
  }
};
