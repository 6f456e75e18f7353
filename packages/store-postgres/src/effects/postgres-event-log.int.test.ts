import { buildEvent as buildOne, buildStream as buildMany } from '@engram/events/testing';
import { eventLogContract } from '@engram/store/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../testing/effects/start-test-postgres.js';
import { schemaVersion } from './migrate.js';
import { openPostgres, type PostgresDb } from './open-postgres.js';
import { layerPostgresEventLog } from './layer-postgres-event-log.js';
import { appendEvents, readEventLines, readEvents, topSeqSql } from './postgres-event-log.js';
import { withReconnect } from './with-reconnect.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../migrations.js';

// Its own server: a test restarts it mid-session, which would cut every other suite off a shared one.
const started = await startTestPostgres({ own: true });
const S = '20261124_101500_ab12';
let url = '';
if (started.ok) url = started.pg.createDatabase('events_suite');
afterAll(() => (started.ok ? started.pg.stop() : undefined));
let tenants = 0;
const freshTenant = () => `t${++tenants}`;
// Real logs never repeat an event id; the builders' per-stream ids (evt-1 ...) are made unique.
let ids = 0;
const buildStream: typeof buildMany = (...args) => buildMany(...args).map((e) => ({ ...e, id: `pg-${++ids}` }));
const buildEvent: typeof buildOne = (type, data, meta) => ({ ...buildOne(type, data, meta), id: `pg-${++ids}` });

describe.skipIf(!started.ok)(`PostgreSQL event log${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  eventLogContract('postgres', () => layerPostgresEventLog({ url, tenant: freshTenant() }));

  const open = (tenant: string, extra: Partial<Parameters<typeof openPostgres>[0]> = {}) => openPostgres({ url, tenant, ...extra });
  const using = async <A>(dbs: PostgresDb[], f: () => Promise<A>): Promise<A> => {
    try {
      return await f();
    } finally {
      for (const db of dbs) await db.close();
    }
  };

  it('keeps tenants apart in SQL: another tenant reads nothing, cannot write rows of another, and no tenant set sees nothing', async () => {
    const a = await open('acme');
    const b = await open('globex');
    await using([a, b], async () => {
      await appendEvents(a, S, buildStream([['executive.turn.started'], ['executive.turn.completed']]));
      expect(await readEvents(b, S)).toEqual([]);
      expect((await b.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM engram_events')).rows[0]?.n).toBe(0);
      await expect(b.pool.query(`INSERT INTO engram_events (tenant, session_id, seq, event_id, type, envelope) VALUES ('acme', $1, 99, 'x', 't', '{}')`, [S])).rejects.toThrow(/row-level security/);
      await expect(b.pool.query(`UPDATE engram_events SET type = 'x' WHERE tenant = 'acme'`)).resolves.toMatchObject({ rowCount: 0 });
      const bare = new pg.Client({ connectionString: url });
      await bare.connect();
      try {
        expect((await bare.query<{ n: number }>('SELECT count(*)::int AS n FROM engram_events')).rows[0]?.n).toBe(0);
      } finally {
        await bare.end();
      }
      expect(await readEvents(a, S)).toHaveLength(2);
      expect(a.bypassesRls).toBe(false);
    });
  });

  it('migrates once when twenty processes start at once, and reports the version', async () => {
    const fresh = started.ok ? started.pg.createDatabase('migrate_race') : '';
    const dbs = await Promise.all(Array.from({ length: 20 }, () => openPostgres({ url: fresh, tenant: 'x' })));
    await using(dbs, async () => {
      expect(dbs.filter((d) => (d.migration?.applied.length ?? 0) > 0)).toHaveLength(1);
      const rows = (await dbs[0]!.pool.query<{ version: number }>('SELECT version FROM engram_schema ORDER BY version')).rows.map((r) => r.version);
      expect(rows).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await schemaVersion(dbs[0]!.pool)).toBe(SCHEMA_VERSION);
    });
  });

  it("reads a session's last seq by one step back along the primary key, also before the table was ever analysed (not every event of the session)", async () => {
    const fresh = started.ok ? started.pg.createDatabase('events_top') : '';
    const db = await openPostgres({ url: fresh, tenant: 'top' });
    await using([db], async () => {
      // No statistics for the whole test: autovacuum must not analyse the table meanwhile.
      await db.pool.query('ALTER TABLE engram_events SET (autovacuum_enabled = false)');
      for (let i = 0; i < 5; i++) await appendEvents(db, S, buildStream(Array.from({ length: 1000 }, () => ['executive.tool.called'] as const)));
      const plan = await db.pool.query<{ 'QUERY PLAN': [{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }] }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${topSeqSql(`'${S}'`)}`);
      const top = plan.rows[0]!['QUERY PLAN'][0].Plan;
      // A few index pages and one heap page; the aggregate plan touched over a thousand here.
      expect(top['Shared Hit Blocks'] + top['Shared Read Blocks']).toBeLessThan(20);
      expect((await db.pool.query<{ m: string }>(topSeqSql(`'${S}'`))).rows[0]?.m).toBe('5000');
    });
  });

  it('appends idempotently by event id: a retried batch adds nothing twice and returns the stored seqs', async () => {
    const db = await open(freshTenant());
    await using([db], async () => {
      const batch = buildStream([['executive.turn.started'], ['executive.round.started']]);
      const first = await appendEvents(db, S, batch);
      const again = await appendEvents(db, S, [...batch, buildEvent('executive.turn.completed')]);
      expect(again.map((e) => e.seq)).toEqual([1, 2, 3]);
      expect(again.slice(0, 2)).toEqual(first);
      expect((await readEvents(db, S)).map((e) => e.seq)).toEqual([1, 2, 3]);
    });
  });

  it('adds an id repeated within one batch once, at its first place, and numbers the rest densely', async () => {
    const db = await open(freshTenant());
    await using([db], async () => {
      const [a, b] = buildStream([['executive.turn.started'], ['executive.round.started']]);
      const out = await appendEvents(db, S, [a!, b!, a!, buildEvent('executive.turn.completed')]);
      expect(out.map((e) => e.seq)).toEqual([1, 2, 1, 3]);
      expect((await readEvents(db, S)).map((e) => e.id)).toEqual([a!.id, b!.id, out[3]!.id]);
    });
  });

  it('keeps each envelope byte for byte as the file log writes it (quotes, escapes, newlines in the data, astral and line-separator characters)', async () => {
    const db = await open(freshTenant());
    await using([db], async () => {
      const tricky = 'a "quote", a \\ backslash, a line\nbreak and a \r return, tab\t, ü, 😀, \u2028, {"k":[1, 2]} and \u0001';
      const batch = [buildEvent('executive.tool.called', { argsSummary: tricky }), buildEvent('executive.turn.started'), buildEvent('executive.tool.called', { argsSummary: `${tricky}${tricky}` })];
      const out = await appendEvents(db, S, batch);
      expect(await readEventLines(db, S)).toEqual(out.map((e) => `${JSON.stringify(e)}\n`));
      expect(await readEvents(db, S)).toEqual(out);
    });
  });

  it('keeps seq dense across concurrent appenders of one session', async () => {
    const dbs = await Promise.all(Array.from({ length: 4 }, () => open('dense')));
    await using(dbs, async () => {
      await Promise.all(dbs.map((db) => Promise.all(Array.from({ length: 10 }, () => appendEvents(db, S, buildStream([['executive.cap.exhausted'], ['executive.cap.exhausted']]))))));
      const seqs = (await readEvents(dbs[0]!, S)).map((e) => e.seq);
      expect(seqs).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    });
  });

  it('rides out a server restart mid-session: nothing lost, nothing duplicated', async () => {
    if (!started.ok) return;
    const db = await open(freshTenant());
    await using([db], async () => {
      await appendEvents(db, S, buildStream([['executive.turn.started']]));
      started.pg.restart();
      await withReconnect(() => appendEvents(db, S, buildStream([['executive.round.started'], ['executive.turn.completed']])));
      expect((await readEvents(db, S)).map((e) => [e.seq, e.type])).toEqual([
        [1, 'executive.turn.started'],
        [2, 'executive.round.started'],
        [3, 'executive.turn.completed'],
      ]);
    });
  });

  it('names the server (without its password) when the connection is refused', async () => {
    const port = started.ok ? started.pg.port + 1 : 1;
    const err = await openPostgres({ url: `postgres://engram:hunter2secret@127.0.0.1:${port}/x`, tenant: 'a' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain(`127.0.0.1:${port}`);
    expect((err as Error).message).not.toContain('hunter2secret');
  });

  it('cancels a statement that runs past the timeout', async () => {
    const db = await open(freshTenant(), { statementTimeoutMs: 50 });
    await using([db], async () => {
      await expect(db.pool.query('SELECT pg_sleep(2)')).rejects.toMatchObject({ code: '57014' });
    });
  });

  it('reports a full pool instead of waiting forever', async () => {
    const db = await open(freshTenant(), { poolSize: 1, poolWaitMs: 100 });
    await using([db], async () => {
      const held = await db.pool.connect();
      try {
        await expect(db.pool.query('SELECT 1')).rejects.toThrow(/timeout/i);
      } finally {
        held.release();
      }
    });
  });

  it('refuses a tenant name that is not plain', async () => {
    await expect(openPostgres({ url, tenant: "a' OR 1=1" })).rejects.toThrow(/tenant/);
  });
});
