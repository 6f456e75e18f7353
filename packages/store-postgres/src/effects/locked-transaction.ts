import type { PoolClient } from 'pg';
import { changeChannel } from '../change-channel.js';
import type { PostgresDb } from './open-postgres.js';

/**
 * Runs `f` in one transaction holding the tenant's advisory lock `key` (what the file backends'
 * cross-process lock is: every read-modify-write of that store takes turns, on every host), and
 * sends `wake` on the tenant's channel before COMMIT when `f` says it changed something, so
 * other hosts are woken only once the rows are visible. The payload names the store, never data.
 */
export const lockedTransaction = async <A>(db: PostgresDb, key: string, wake: string, f: (c: PoolClient) => Promise<{ readonly value: A; readonly changed: boolean }>): Promise<A> => {
  const c = await db.pool.connect();
  try {
    await c.query('BEGIN');
    try {
      await c.query("SELECT pg_advisory_xact_lock(hashtextextended(current_setting('engram.tenant') || '/' || $1, 0))", [key]);
      const { value, changed } = await f(c);
      if (changed) await c.query('SELECT pg_notify($1, $2)', [changeChannel(db.tenant), wake]);
      await c.query('COMMIT');
      return value;
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  } finally {
    c.release();
  }
};
