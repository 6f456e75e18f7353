import type { PostgresDb } from './open-postgres.js';

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
 * events, in one grouped query over the `(tenant, session_id, seq)` key.
 */
const summariesSql = `SELECT e.session_id, e.n, e.top, f.envelope->>'at' AS first_at, l.envelope->>'at' AS last_at
FROM (SELECT session_id, count(*)::int AS n, min(seq) AS low, max(seq) AS top FROM engram_events GROUP BY session_id) AS e
JOIN engram_events AS f ON f.session_id = e.session_id AND f.seq = e.low
JOIN engram_events AS l ON l.session_id = e.session_id AND l.seq = e.top
ORDER BY e.session_id`;

export const sessionSummaries = async (db: PostgresDb): Promise<readonly SessionSummary[]> => {
  const r = await db.pool.query<{ session_id: string; n: number; top: string; first_at: string | null; last_at: string | null }>(summariesSql);
  return r.rows.map((row) => ({ sessionId: row.session_id, events: row.n, lastSeq: Number(row.top), firstAt: row.first_at ?? '', lastAt: row.last_at ?? '' }));
};
