import type { PoolClient } from 'pg';
import type { PostgresDb } from './open-postgres.js';

/**
 * Runs `f` in one read-only transaction on a connection of its own, with `settings` (planner
 * switches, the episode policies' search settings) set for that transaction only, in one round
 * trip: they end with it, so no other query of the pool sees them. Rolled back when `f` throws.
 */
export const readOnlyTransaction = async <A>(db: PostgresDb, settings: Readonly<Record<string, string>>, f: (c: PoolClient) => Promise<A>): Promise<A> => {
  const c = await db.pool.connect();
  try {
    await c.query('BEGIN READ ONLY');
    const names = Object.keys(settings);
    if (names.length > 0) await c.query('SELECT set_config(k, v, true) FROM unnest($1::text[], $2::text[]) AS s(k, v)', [names, Object.values(settings)]);
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
