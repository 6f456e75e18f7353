import type { Pool, PoolClient } from 'pg';
import { MIGRATIONS, type Migration } from '../migrations.js';
import { regrantTenantRoles } from './grant-tenant-role.js';

/** One advisory lock key for the schema: forty processes starting at once migrate once. */
const MIGRATION_LOCK = 0x656e6772; // "engr"

export interface MigrationRun {
  readonly from: number;
  readonly to: number;
  readonly applied: readonly string[];
}

const currentVersion = async (c: PoolClient): Promise<number> => {
  await c.query('CREATE TABLE IF NOT EXISTS engram_schema (version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
  const r = await c.query<{ v: number | null }>('SELECT max(version) AS v FROM engram_schema');
  return r.rows[0]?.v ?? 0;
};

/** The schema version the database is at (0: empty), without changing anything. */
export const schemaVersion = async (pool: Pool): Promise<number> => {
  const r = await pool.query<{ exists: boolean }>("SELECT to_regclass('engram_schema') IS NOT NULL AS exists");
  if (!r.rows[0]?.exists) return 0;
  const v = await pool.query<{ v: number | null }>('SELECT max(version) AS v FROM engram_schema');
  return v.rows[0]?.v ?? 0;
};

/**
 * Applies the migrations the database lacks, each in its own transaction, holding a session
 * advisory lock so concurrent starters wait and then find nothing left to do. A database newer
 * than this build is refused (its schema may mean something this code does not know).
 */
export const migrate = async (pool: Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationRun> => {
  // Already current: nothing to lock or create (a tenant role may not create in the schema).
  const seen = await schemaVersion(pool);
  const newest = migrations[migrations.length - 1]?.version ?? 0;
  if (seen === newest) return { from: seen, to: seen, applied: [] };
  const c = await pool.connect();
  try {
    await c.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const from = await currentVersion(c);
      if (from > newest) throw new Error(`the database schema is at version ${from}, newer than this engram (${newest}): upgrade engram`);
      const applied: string[] = [];
      for (const m of migrations.filter((x) => x.version > from)) {
        await c.query('BEGIN');
        try {
          // A migration may rewrite or backfill a large table (migration 19 counts every episode's
          // words: about 20 s at a million): the pool's statement timeout is for questions.
          await c.query('SET LOCAL statement_timeout = 0');
          await c.query(m.sql);
          await c.query('INSERT INTO engram_schema (version, name) VALUES ($1, $2)', [m.version, m.name]);
          await c.query('COMMIT');
        } catch (err) {
          await c.query('ROLLBACK');
          throw new Error(`migration ${m.version} (${m.name}) failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
        }
        applied.push(`${m.version} ${m.name}`);
      }
      // A table a migration added must reach the tenant roles already granted, or they would fail on it.
      if (applied.length > 0) await regrantTenantRoles(c);
      return { from, to: Math.max(from, newest), applied };
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    c.release();
  }
};
