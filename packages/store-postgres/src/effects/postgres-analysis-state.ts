import type { PostgresDb } from './open-postgres.js';
import { withReconnect } from './with-reconnect.js';
import { ownTenant } from '../own-tenant.js';

/**
 * The habit loop's analysis state of one scope (`global` or `project:ID`), as the text the
 * runtime renders (one line per log), in one row of `engram_analysis_state`: one read and one
 * write per run, as the file beside the instincts is. A cache of the logs, so a lost write only
 * means reading those logs again; null when none is kept yet.
 */
export const readAnalysisState = (db: PostgresDb, scopeKey: string): Promise<string | null> =>
  withReconnect(async () => {
    const r = await db.pool.query<{ state: string }>(`SELECT state FROM engram_analysis_state WHERE ${ownTenant()} AND scope_key = $1`, [scopeKey]);
    return r.rows[0]?.state ?? null;
  });

/** Replaces the scope's analysis state (last writer wins: each run writes a whole, consistent state). */
export const writeAnalysisState = (db: PostgresDb, scopeKey: string, state: string): Promise<void> =>
  withReconnect(async () => {
    await db.pool.query(
      `INSERT INTO engram_analysis_state (scope_key, state) VALUES ($1, $2)
       ON CONFLICT (tenant, scope_key) DO UPDATE SET state = EXCLUDED.state, changed_at = now()`,
      [scopeKey, state],
    );
  });
