import type { AnyEnvelope } from '@engram/events';
import type { PostgresDb } from './open-postgres.js';
import { followEvents } from './postgres-event-log.js';
import { ownTenant } from '../own-tenant.js';

const lastSql = `SELECT envelope FROM (SELECT seq, envelope FROM engram_events WHERE ${ownTenant()} AND session_id = $1 ORDER BY seq DESC LIMIT $2) AS t ORDER BY seq`;

/**
 * `tail` of one session's log in PostgreSQL: its last `lines` events in order, then, when a
 * `follow` signal is given, every event appended after them by any process on any host until the
 * signal aborts (`followEvents`: LISTEN wake-ups, the rows read by seq, so nothing appended
 * between the two reads is missed or shown twice).
 */
export async function* tailEvents(db: PostgresDb, sessionId: string, lines: number, follow?: AbortSignal): AsyncGenerator<AnyEnvelope> {
  const r = await db.pool.query<{ envelope: AnyEnvelope }>(lastSql, [sessionId, lines]);
  let lastSeq = 0;
  for (const row of r.rows) {
    lastSeq = row.envelope.seq;
    yield row.envelope;
  }
  if (follow === undefined) return;
  yield* followEvents(db, sessionId, lastSeq + 1, follow);
}
