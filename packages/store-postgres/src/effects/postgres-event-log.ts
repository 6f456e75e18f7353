import type pg from 'pg';
import type { AnyEnvelope } from '@engram/events';
import type { ReadRange } from '@engram/store/effect';
import { quotedChannel, changeChannel } from '../change-channel.js';
import type { PostgresDb } from './open-postgres.js';
import { ownTenant } from '../own-tenant.js';

const readSql = `SELECT envelope FROM engram_events WHERE ${ownTenant()} AND session_id = $1 AND seq >= $2 AND seq <= $3 ORDER BY seq`;
const MAX_SEQ = Number.MAX_SAFE_INTEGER;

/**
 * BEGIN, the session's advisory lock and its last seq in one round trip (a simple query: its
 * statements run in order, and in READ COMMITTED the top is read after the lock is held, so it
 * sees every batch committed before). The session id goes in as a literal escaped by the client.
 * The top is `ORDER BY seq DESC LIMIT 1`, not `max(seq)`: before the table's first ANALYZE the
 * planner took `max` as an aggregate over the (tenant, session_id, event_id) index, reading every
 * event of the session on each append (a 100,000-event session slowed down with its length until
 * autovacuum analysed the table, later under load); the ordered form is one step back along the
 * primary key whatever the statistics say (tests: postgres-event-log.int.test.ts).
 */
const lockAndTopSql = (c: Client, sessionId: string): string => {
  const session = c.escapeLiteral(sessionId);
  return `BEGIN; SELECT pg_advisory_xact_lock(hashtextextended(current_setting('engram.tenant') || '/' || ${session}, 0)); ${topSeqSql(session)}`;
};

/** The session's last seq (0 when it has none); `session` is an escaped literal. */
export const topSeqSql = (session: string): string => `SELECT coalesce((SELECT seq FROM engram_events WHERE ${ownTenant()} AND session_id = ${session} ORDER BY seq DESC LIMIT 1), 0) AS m`;
const knownSql = `SELECT event_id, envelope FROM engram_events WHERE ${ownTenant()} AND session_id = $1 AND event_id = ANY($2::text[])`;
/**
 * The rows and their wake-up in one statement (one round trip). Without ON CONFLICT on purpose: a
 * batch holding an id already stored fails with a unique violation instead of leaving a gap in seq.
 * The envelopes come as one text, one `JSON.stringify` per line (JSON text never holds a raw
 * newline), split by the server and parsed once each; one JSON array went through `json` input
 * and `json_array_elements`, two parses of the whole batch (15-25% slower in interleaved runs).
 */
const insertSql = `WITH ins AS (
  INSERT INTO engram_events (session_id, seq, event_id, type, envelope)
  SELECT $1, $2::bigint + n, id, type, envelope::json
  FROM ROWS FROM (unnest($3::text[]), unnest($4::text[]), unnest(string_to_array($5, E'\\n'))) WITH ORDINALITY AS b(id, type, envelope, n)
  RETURNING 1
), logged AS (
  -- The session's row in engram_sessions (migration 12), in the same statement: the rows just
  -- inserted are counted, so a retried batch (which inserts none of its stored events) adds nothing.
  -- Its project (migration 14) is the first appender's: a session runs in one project.
  INSERT INTO engram_sessions (session_id, last_seq, events, project_id)
  SELECT $1, $2::bigint + count(*), count(*), $8::text FROM ins
  ON CONFLICT (tenant, session_id) DO UPDATE SET last_seq = EXCLUDED.last_seq, events = engram_sessions.events + EXCLUDED.events, changed_at = now(),
    project_id = coalesce(engram_sessions.project_id, EXCLUDED.project_id)
  RETURNING 1
) SELECT pg_notify($6, $7) FROM logged`;
/** A unique constraint was violated: here, an event id already stored (a retried batch). */
const UNIQUE_VIOLATION = '23505';

type Client = pg.PoolClient;

/**
 * Runs `f` in one transaction holding the session's advisory lock, so seq stays dense and ordered
 * across processes; `f` gets the session's last seq, read under the lock.
 */
const underSessionLock = async <A>(c: Client, sessionId: string, f: (top: number) => Promise<A>): Promise<A> => {
  try {
    const results = (await c.query(lockAndTopSql(c, sessionId))) as unknown as readonly pg.QueryResult<{ m: string }>[];
    const value = await f(Number(results.at(-1)?.rows[0]?.m ?? 0));
    await c.query('COMMIT');
    return value;
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
};

/** Where a batch goes: the session, and the project it runs in (null: none, or not known). */
interface Target {
  readonly sessionId: string;
  readonly project: string | null;
}

/** Numbers `events` from `top + 1` and inserts them with the wake-up; the caller holds the session's lock. */
const insertNumbered = async (c: Client, db: PostgresDb, { sessionId, project }: Target, events: readonly AnyEnvelope[], top: number): Promise<AnyEnvelope[]> => {
  const fresh = events.map((e, i) => ({ ...e, seq: top + i + 1 }));
  await c.query(insertSql, [
    sessionId,
    top,
    fresh.map((e) => e.id),
    fresh.map((e) => e.type),
    // Each envelope's text exactly as the file log's line holds it, byte for byte.
    fresh.map((e) => JSON.stringify(e)).join('\n'),
    changeChannel(db.tenant),
    `events ${sessionId} ${top + fresh.length}`,
    project,
  ]);
  return fresh;
};

/**
 * The common case, a batch of new events: numbered after the session's last seq and inserted in
 * one statement, without first looking each id up. Null when an id is already stored (or repeats
 * in the batch): the transaction is rolled back whole and the caller takes the checked path.
 */
const appendNew = async (c: Client, db: PostgresDb, target: Target, events: readonly AnyEnvelope[]): Promise<readonly AnyEnvelope[] | null> => {
  try {
    return await underSessionLock(c, target.sessionId, (top) => insertNumbered(c, db, target, events, top));
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code === UNIQUE_VIOLATION) return null;
    throw err;
  }
};

/** A batch that repeats stored events (a retry): those are returned as stored, the rest numbered after them. */
const appendChecked = (c: Client, db: PostgresDb, target: Target, events: readonly AnyEnvelope[]): Promise<readonly AnyEnvelope[]> =>
  underSessionLock(c, target.sessionId, async (top) => {
    const known = await c.query<{ event_id: string; envelope: AnyEnvelope }>(knownSql, [target.sessionId, events.map((e) => e.id)]);
    const stored = new Map<string, AnyEnvelope | null>(known.rows.map((r) => [r.event_id, r.envelope]));
    const news: AnyEnvelope[] = [];
    for (const e of events) {
      if (stored.has(e.id)) continue;
      stored.set(e.id, null);
      news.push(e);
    }
    if (news.length > 0) for (const e of await insertNumbered(c, db, target, news, top)) stored.set(e.id, e);
    return events.map((e) => stored.get(e.id) as AnyEnvelope);
  });

/**
 * Appends a batch in one transaction, holding a per-session advisory lock so seq stays dense and
 * ordered across processes. Idempotent by event id: an event already stored (a batch retried after
 * the connection dropped at commit) is returned as stored, never added twice. The wake-up is sent
 * in the same transaction, so readers are woken only once the rows are visible.
 */
export const appendEvents = async (db: PostgresDb, sessionId: string, events: readonly AnyEnvelope[], options: { readonly project?: string | null } = {}): Promise<readonly AnyEnvelope[]> => {
  if (events.length === 0) return [];
  const target = { sessionId, project: options.project ?? null };
  const c = await db.pool.connect();
  try {
    return (await appendNew(c, db, target, events)) ?? (await appendChecked(c, db, target, events));
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
  const r = await db.pool.query<{ line: string }>(`SELECT envelope::text AS line FROM engram_events WHERE ${ownTenant()} AND session_id = $1 ORDER BY seq`, [sessionId]);
  return r.rows.map((row) => `${row.line}\n`);
};

/** Whether the session's log holds an event of `type` (one probe over the session's rows, no envelope parsed). */
export const sessionHolds = async (db: PostgresDb, sessionId: string, type: string): Promise<boolean> => {
  const r = await db.pool.query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM engram_events WHERE ${ownTenant()} AND session_id = $1 AND type = $2) AS found`, [sessionId, type]);
  return r.rows[0]?.found === true;
};

export const listSessions = async (db: PostgresDb): Promise<readonly string[]> => {
  const r = await db.pool.query<{ session_id: string }>(`SELECT session_id FROM engram_sessions WHERE ${ownTenant()} ORDER BY session_id`);
  return r.rows.map((row) => row.session_id);
};

/** One session's log as `engram_sessions` keeps it: its last seq grows with every batch appended. */
export interface SessionLogRow {
  readonly sessionId: string;
  readonly lastSeq: number;
  readonly events: number;
  /** When the last batch was appended (ms). */
  readonly changedAt: number;
}

/**
 * The tenant's session logs, in session order: one row each from `engram_sessions`, never a scan
 * of the events. With `project`, those of that project and those without one (null: only those
 * without one), as a brain on the files reads its project's events folder and the global one.
 */
export const listSessionLogs = async (db: PostgresDb, options: { readonly project?: string | null } = {}): Promise<readonly SessionLogRow[]> => {
  const columns = `SELECT session_id, last_seq, events, changed_at FROM engram_sessions WHERE ${ownTenant()}`;
  const r = await db.pool.query<{ session_id: string; last_seq: string; events: string; changed_at: Date }>(
    options.project === undefined
      ? `${columns} ORDER BY session_id`
      : { text: `${columns} AND (project_id IS NULL OR project_id = $1) ORDER BY session_id`, values: [options.project] },
  );
  return r.rows.map((row) => ({ sessionId: row.session_id, lastSeq: Number(row.last_seq), events: Number(row.events), changedAt: row.changed_at.getTime() }));
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
