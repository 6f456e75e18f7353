import type { AnyEnvelope } from '@engram/events';
import type { ReadRange } from '@engram/store/effect';
import { quotedChannel, changeChannel } from '../change-channel.js';
import type { PostgresDb } from './open-postgres.js';

const readSql = 'SELECT envelope FROM engram_events WHERE session_id = $1 AND seq >= $2 AND seq <= $3 ORDER BY seq';
const MAX_SEQ = Number.MAX_SAFE_INTEGER;

/**
 * Appends a batch in one transaction, holding a per-session advisory lock so seq stays dense and
 * ordered across processes. Idempotent by event id: an event already stored (a batch retried after
 * the connection dropped at commit) is returned as stored, never added twice. The wake-up is sent
 * in the same transaction, so readers are woken only once the rows are visible.
 */
export const appendEvents = async (db: PostgresDb, sessionId: string, events: readonly AnyEnvelope[]): Promise<readonly AnyEnvelope[]> => {
  if (events.length === 0) return [];
  const c = await db.pool.connect();
  try {
    await c.query('BEGIN');
    try {
      await c.query("SELECT pg_advisory_xact_lock(hashtextextended(current_setting('engram.tenant') || '/' || $1, 0))", [sessionId]);
      const ids = events.map((e) => e.id);
      const known = await c.query<{ event_id: string; envelope: AnyEnvelope }>('SELECT event_id, envelope FROM engram_events WHERE session_id = $1 AND event_id = ANY($2::text[])', [sessionId, ids]);
      const stored = new Map(known.rows.map((r) => [r.event_id, r.envelope]));
      const top = await c.query<{ m: string }>('SELECT coalesce(max(seq), 0) AS m FROM engram_events WHERE session_id = $1', [sessionId]);
      let seq = Number(top.rows[0]?.m ?? 0);
      const out: AnyEnvelope[] = [];
      const fresh: AnyEnvelope[] = [];
      for (const e of events) {
        const had = stored.get(e.id);
        if (had !== undefined) {
          out.push(had);
          continue;
        }
        const s = { ...e, seq: ++seq } as AnyEnvelope;
        stored.set(e.id, s);
        fresh.push(s);
        out.push(s);
      }
      if (fresh.length > 0) {
        await c.query('INSERT INTO engram_events (session_id, seq, event_id, type, envelope) SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::json[])', [
          sessionId,
          fresh.map((e) => e.seq),
          fresh.map((e) => e.id),
          fresh.map((e) => e.type),
          fresh.map((e) => JSON.stringify(e)),
        ]);
        await c.query('SELECT pg_notify($1, $2)', [changeChannel(db.tenant), `events ${sessionId} ${seq}`]);
      }
      await c.query('COMMIT');
      return out;
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  } finally {
    c.release();
  }
};

export const readEvents = async (db: PostgresDb, sessionId: string, range: ReadRange = {}): Promise<readonly AnyEnvelope[]> => {
  const r = await db.pool.query<{ envelope: AnyEnvelope }>(readSql, [sessionId, range.fromSeq ?? 1, range.toSeq ?? MAX_SEQ]);
  return r.rows.map((row) => row.envelope);
};

/**
 * The session's events as the file log's lines (`JSON.stringify(envelope)` and a newline): the
 * envelope column is `json`, kept byte for byte as appended, so `engram log export` writes exactly
 * the JSONL the file log would have, and `engram replay FILE --check` reads it unchanged.
 */
export const readEventLines = async (db: PostgresDb, sessionId: string): Promise<readonly string[]> => {
  const r = await db.pool.query<{ line: string }>('SELECT envelope::text AS line FROM engram_events WHERE session_id = $1 ORDER BY seq', [sessionId]);
  return r.rows.map((row) => `${row.line}\n`);
};

export const listSessions = async (db: PostgresDb): Promise<readonly string[]> => {
  const r = await db.pool.query<{ session_id: string }>('SELECT DISTINCT session_id FROM engram_events ORDER BY session_id');
  return r.rows.map((row) => row.session_id);
};

/**
 * The session's events from `fromSeq`, then each batch as it is appended by any process on any
 * host: LISTEN wakes the reader, which then reads what is new (notifications carry no data, and a
 * wake-up that arrives during a read is kept, so nothing appended in between is missed).
 */
export async function* followEvents(db: PostgresDb, sessionId: string, fromSeq: number, signal: AbortSignal): AsyncGenerator<AnyEnvelope> {
  const listener = await db.pool.connect();
  let dirty = true;
  let wake: (() => void) | null = null;
  const prefix = `events ${sessionId} `;
  const onNotify = (msg: { channel: string; payload?: string | undefined }) => {
    if (msg.channel === changeChannel(db.tenant) && msg.payload?.startsWith(prefix)) {
      dirty = true;
      wake?.();
    }
  };
  const onAbort = () => wake?.();
  listener.on('notification', onNotify);
  signal.addEventListener('abort', onAbort);
  try {
    await listener.query(`LISTEN ${quotedChannel(db.tenant)}`);
    let next = fromSeq;
    while (!signal.aborted) {
      if (!dirty) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
        continue;
      }
      dirty = false;
      for (const e of await readEvents(db, sessionId, { fromSeq: next })) {
        next = e.seq + 1;
        yield e;
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    listener.removeListener('notification', onNotify);
    await listener.query(`UNLISTEN ${quotedChannel(db.tenant)}`).catch(() => undefined);
    listener.release();
  }
}
