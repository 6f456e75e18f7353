import type { PoolClient } from 'pg';
import type { PostgresDb } from './open-postgres.js';

/**
 * Runs `f` in one read-only transaction on a connection of its own, with `settings` (planner
 * switches, the episode policies' search settings) set for that transaction only: they end with
 * it, so no other query of the pool sees them. BEGIN and the settings go in one round trip (a
 * simple query of two statements, so the values are quoted by the driver's `escapeLiteral`, not
 * bound). Rolled back when `f` throws.
 */
export const readOnlyTransaction = async <A>(db: PostgresDb, settings: Readonly<Record<string, string>>, f: (c: PoolClient) => Promise<A>): Promise<A> => {
  const c = await db.pool.connect();
  try {
    const set = Object.entries(settings).map(([k, v]) => `set_config(${c.escapeLiteral(k)}, ${c.escapeLiteral(v)}, true)`);
    await c.query(set.length === 0 ? 'BEGIN READ ONLY' : `BEGIN READ ONLY; SELECT ${set.join(', ')}`);
    const out = await f(c);
    await c.query('COMMIT');
    return out;
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    c.release();
  }
};
