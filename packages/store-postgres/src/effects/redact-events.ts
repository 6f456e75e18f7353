import type { AnyEnvelope, EventData } from '@engram/events';
import { randomIds, redactJsonValue, systemClock, type Clock, type IdSource, type SubjectMatcher } from '@engram/kernel';
import type { PostgresDb } from './open-postgres.js';
import { lockedTransaction } from './locked-transaction.js';
import { withReconnect } from './with-reconnect.js';
import { subjectPattern } from '../subject-pattern.js';
import { ownTenant } from '../own-tenant.js';

/** What forgetting did (or would do) to one session's log in the store. */
export interface SessionRedaction {
  readonly sessionId: string;
  /** Events whose data held the subject. */
  readonly events: number;
  readonly occurrences: number;
  readonly seqs: readonly number[];
}

export interface RedactEventsOptions {
  readonly marker: string;
  /** Rewrite the events; without it, only count (the preview of `engram memory forget`). */
  readonly apply: boolean;
  readonly clock?: Clock;
  readonly ids?: IdSource;
}

/**
 * `engram memory forget` on the store's event log, as `redactLogFile` does to a JSONL log: every
 * occurrence in an event's `data` (strings and keys, at any depth) becomes the marker, the
 * envelope (seq, id, time, type, causation) is kept, and with `apply` each changed session gets a
 * `store.log.redacted` event saying how many events and occurrences went and which seqs, never
 * the text. A session is rewritten under its append lock (the same advisory lock its writers
 * take), so a live session's next batch is numbered after the record.
 */
export const redactEvents = async (db: PostgresDb, matcher: SubjectMatcher, options: RedactEventsOptions): Promise<SessionRedaction[]> => {
  const rows = await withReconnect(
    async () => (await db.pool.query<{ session_id: string; seq: string; text: string }>(`SELECT session_id, seq::text AS seq, envelope::text AS text FROM engram_events WHERE ${ownTenant()} AND envelope::text ~ $1 ORDER BY session_id, engram_events.seq`, [subjectPattern(matcher)])).rows,
  );
  const bySession = new Map<string, { seq: number; envelope: AnyEnvelope; occurrences: number }[]>();
  for (const row of rows) {
    const envelope = JSON.parse(row.text) as AnyEnvelope;
    const r = redactJsonValue(envelope.data, matcher, options.marker);
    if (r.count === 0) continue;
    const list = bySession.get(row.session_id) ?? [];
    list.push({ seq: Number(row.seq), envelope: { ...envelope, data: r.value } as AnyEnvelope, occurrences: r.count });
    bySession.set(row.session_id, list);
  }
  const out: SessionRedaction[] = [];
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? randomIds();
  for (const [sessionId, changed] of bySession) {
    const summary = { sessionId, events: changed.length, occurrences: changed.reduce((n, c) => n + c.occurrences, 0), seqs: changed.map((c) => c.seq) };
    out.push(summary);
    if (!options.apply) continue;
    await lockedTransaction(db, sessionId, `events ${sessionId}`, async (c) => {
      for (const x of changed) await c.query(`UPDATE engram_events SET envelope = $3::json WHERE ${ownTenant()} AND session_id = $1 AND seq = $2`, [sessionId, x.seq, JSON.stringify(x.envelope)]);
      const top = Number((await c.query<{ m: string }>(`SELECT coalesce(max(seq), 0)::text AS m FROM engram_events WHERE ${ownTenant()} AND session_id = $1`, [sessionId])).rows[0]?.m ?? 0);
      const data: EventData<'store.log.redacted'> = { marker: options.marker, events: summary.events, occurrences: summary.occurrences, rawLines: 0, seqs: summary.seqs, by: 'forget' };
      const record: AnyEnvelope = { seq: top + 1, id: ids.next(), at: new Date(clock.now()).toISOString(), sessionId, turn: 0, round: 0, source: 'store', causationId: null, type: 'store.log.redacted', v: 1, data };
      await c.query('INSERT INTO engram_events (session_id, seq, event_id, type, envelope) VALUES ($1, $2, $3, $4, $5::json)', [sessionId, record.seq, record.id, record.type, JSON.stringify(record)]);
      return { value: undefined, changed: true };
    });
  }
  return out;
};
