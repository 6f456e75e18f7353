import type { PostgresDb } from './open-postgres.js';

/**
 * The advisory-lock class of session leases (the two-int key form: class, hashed session), a key
 * space apart from the migration lock's single bigint key.
 */
const LEASE_CLASS = 0x63686174; // "chat"

/** Let go of a held session (after it is suspended). */
export type ReleaseSessionLease = () => Promise<void>;

/**
 * Holds a session for one host at a time across every machine on the server: a session-level
 * advisory lock on a connection kept out of the pool while held. Two chats resuming one session
 * would number their next turn alike and each send a history missing the other's turns. The
 * server drops the lock with the connection, so a host that died (or lost its server) frees the
 * session at once. 'taken' when another live host holds it. Keys are 32-bit hashes of tenant and
 * session: a collision (about one in four billion pairs) reads as 'taken', never as two holders.
 */
export const holdSessionLease = async (db: PostgresDb, sessionId: string): Promise<ReleaseSessionLease | 'taken'> => {
  const key = `${db.tenant}/${sessionId}`;
  const client = await db.pool.connect();
  try {
    const r = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS got', [LEASE_CLASS, key]);
    if (r.rows[0]?.got !== true) {
      client.release();
      return 'taken';
    }
  } catch (err) {
    client.release(err instanceof Error ? err : true);
    throw err;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    try {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LEASE_CLASS, key]);
      client.release();
    } catch (err) {
      // The connection is gone (a restart), and the lock with it: drop the client, nothing to undo.
      client.release(err instanceof Error ? err : true);
    }
  };
};
