import type { PostgresDb } from './open-postgres.js';
import { ownTenant } from '../own-tenant.js';

/** One session of the tenant's event log, as `engram log list` shows it. */
export interface SessionSummary {
  readonly sessionId: string;
  readonly events: number;
  readonly lastSeq: number;
  /** The first and last events' own times (`at`), as written. */
  readonly firstAt: string;
  readonly lastAt: string;
}

/**
 * The tenant's sessions (row-level security keeps the others out), oldest id first (session ids
 * start with their start time), each with its event count and the times of its first and last
 * events: the counts from `engram_sessions` (kept by every append, migration 12), so listing costs
 * one row per session and two key lookups each, not a scan of every event the tenant has.
 */
const summariesSql = `SELECT s.session_id, s.events::int AS n, s.last_seq AS top, f.envelope->>'at' AS first_at, l.envelope->>'at' AS last_at
FROM engram_sessions AS s
LEFT JOIN LATERAL (SELECT envelope FROM engram_events WHERE ${ownTenant()} AND session_id = s.session_id ORDER BY seq LIMIT 1) AS f ON true
LEFT JOIN engram_events AS l ON ${ownTenant('l')} AND l.session_id = s.session_id AND l.seq = s.last_seq
WHERE ${ownTenant('s')} AND s.events > 0
ORDER BY s.session_id`;

export const sessionSummaries = async (db: PostgresDb): Promise<readonly SessionSummary[]> => {
  const r = await db.pool.query<{ session_id: string; n: number; top: string; first_at: string | null; last_at: string | null }>(summariesSql);
  return r.rows.map((row) => ({ sessionId: row.session_id, events: row.n, lastSeq: Number(row.top), firstAt: row.first_at ?? '', lastAt: row.last_at ?? '' }));
};
