import { episodeStoreContract } from '@engram/hippocampus/testing';
import { manualClock, subjectMatcher } from '@engram/kernel';
import type { PoolClient } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../testing/effects/start-test-postgres.js';
import { openPostgres, type PostgresDb } from './open-postgres.js';
import { migrate } from './migrate.js';
import { MIGRATIONS } from '../migrations.js';
import { episodeKey } from '@engram/hippocampus/episodes';
import { insertEpisodeRows, PostgresEpisodeStore } from './postgres-episode-store.js';

const started = await startTestPostgres();
let url = '';
if (started.ok) url = started.pg.createDatabase('episode_suite');
afterAll(() => (started.ok ? started.pg.stop() : undefined));
let tenants = 0;
const freshTenant = () => `e${++tenants}`;
const PROJECT = 'proj-0001-abcd';
/** Rows the plan test loads: enough that reading a whole project costs the planner more than the trigram index. */
const PLAN_ROWS = 20_000;
const clock = manualClock('2026-03-05T00:00:00.000Z');
const record = (session: string, content: string, turn = 1) => ({ ts: '2026-03-01T10:00:00.000+00:00', session, turn, role: 'user', content, meta: {} });

const using = async (dbs: PostgresDb[], f: () => Promise<void>): Promise<void> => {
  try {
    await f();
  } finally {
    for (const db of dbs) await db.close();
  }
};

describe.skipIf(!started.ok)(`PostgreSQL episodes${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  episodeStoreContract('postgres', async () => {
    const db = await openPostgres({ url, tenant: freshTenant() });
    return {
      open: (c, embedder) => new PostgresEpisodeStore({ db, projectId: PROJECT, clock: c, embedder: embedder ?? null }),
      // Its rows go with its tenant (row-level security deletes no other's): the contract's thousands of
      // rows past the cap would otherwise weigh in the planner's statistics in the plan tests below.
      close: async () => {
        await db.pool.query('DELETE FROM engram_episodes');
        await db.close();
      },
    };
  });

  it('keeps tenants apart: another tenant recalls nothing of this one, and cannot read, write or delete its rows', async () => {
    const a = await openPostgres({ url, tenant: 'acme' });
    const b = await openPostgres({ url, tenant: 'globex' });
    await using([a, b], async () => {
      const ea = new PostgresEpisodeStore({ db: a, projectId: PROJECT, clock });
      const eb = new PostgresEpisodeStore({ db: b, projectId: PROJECT, clock });
      await ea.append([record('20260301_100000_aaaa', 'acme quarterly numbers')]);
      expect((await eb.recall('quarterly')).hits).toBe(0);
      expect((await ea.recall('quarterly')).hits).toBe(1);
      // The same session in another tenant starts at line 1: line numbering never sees acme's rows.
      await eb.append([record('20260301_100000_aaaa', 'globex quarterly numbers')]);
      expect((await eb.recall('quarterly')).groups[0]?.episodes[0]?.episode).toMatchObject({ content: 'globex quarterly numbers', line: 1 });
      expect((await b.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM engram_episodes')).rows[0]?.n).toBe(1);
      await expect(b.pool.query("INSERT INTO engram_episodes (tenant, project, session, line, key, turn, role, record, folded) VALUES ('acme', $1, 's1', 9, 9, 1, 'user', '{}', 'x')", [PROJECT])).rejects.toThrow(/row-level security/);
      expect((await b.pool.query("UPDATE engram_episodes SET folded = 'x' WHERE tenant = 'acme'")).rowCount).toBe(0);
      expect((await b.pool.query("DELETE FROM engram_episodes WHERE tenant = 'acme'")).rowCount).toBe(0);
      expect((await ea.recall('quarterly')).groups[0]?.episodes[0]?.episode.content).toBe('acme quarterly numbers');
    });
  });

  it('searches through the trigram index under row-level security only via the restrictive policy, which never widens what a tenant sees', async () => {
    const a = await openPostgres({ url, tenant: 'plan-a' });
    const b = await openPostgres({ url, tenant: 'plan-b' });
    await using([a, b], async () => {
      // Enough rows that the planner knows the project's key range is no filter at all.
      const rows = Array.from({ length: PLAN_ROWS }, (_, i) => ({ line: i + 1, key: episodeKey(Date.parse('2026-03-01T00:00:00Z') + i, i + 1), e: { ...record('20260301_100000_aaaa', i === 7 ? 'plan a private words' : `filler ${i}`), turn: i } }));
      await insertEpisodeRows(a.pool, PROJECT, '20260301_100000_aaaa', rows);
      await a.pool.query('ANALYZE engram_episodes');
      const explain = async (c: PoolClient, sql: string, params: unknown[]) =>
        (await c.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
      const c = await a.pool.connect();
      try {
        await c.query('BEGIN READ ONLY');
        await c.query("SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)");
        // A WHERE LIKE is not leakproof: the planner may not use the index under the tenant policy.
        expect(await explain(c, 'SELECT key FROM engram_episodes WHERE project = $1 AND folded LIKE $2 ORDER BY key DESC LIMIT 64', [PROJECT, '%private%'])).not.toContain('engram_episodes_trgm');
        await c.query("SELECT set_config('engram.episode_match', '%private%', true)");
        expect(await explain(c, 'SELECT key FROM engram_episodes WHERE project = $1 ORDER BY key DESC LIMIT 64', [PROJECT])).toContain('Bitmap Index Scan on engram_episodes_trgm');
        await c.query('COMMIT');
      } finally {
        c.release();
      }
      const cb = await b.pool.connect();
      try {
        await cb.query('BEGIN');
        await cb.query("SELECT set_config('engram.episode_match', '%private%', true)");
        expect((await cb.query('SELECT count(*)::int AS n FROM engram_episodes')).rows[0]).toEqual({ n: 0 });
        await cb.query('COMMIT');
      } finally {
        cb.release();
      }
    });
  });

  it('ranks through the GIN index under row-level security only via the restrictive terms policy, transaction-local, and leaves other plans alone', async () => {
    const a = await openPostgres({ url, tenant: 'terms-a' });
    const b = await openPostgres({ url, tenant: 'terms-b' });
    await using([a, b], async () => {
      const session = '20260301_100000_cccc';
      const rows = Array.from({ length: PLAN_ROWS }, (_, i) => ({ line: i + 1, key: episodeKey(Date.parse('2026-03-01T00:00:00Z') + i, i + 1), e: { ...record(session, i % 1000 === 7 ? `zebra crossing ${i}` : `filler ${i}`), turn: i } }));
      await insertEpisodeRows(a.pool, PROJECT, session, rows);
      // VACUUM empties the GIN index's pending list (as autovacuum does), which the planner otherwise costs as read per query.
      await a.pool.query('VACUUM ANALYZE engram_episodes');
      const explain = async (c: PoolClient, sql: string, params: unknown[]) =>
        (await c.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
      const c = await a.pool.connect();
      try {
        // Unset, the policy changes no plan: the last line of a session and the newest keys are read through their btree indexes.
        expect(await explain(c, 'SELECT line FROM engram_episodes WHERE project = $1 AND session = $2 ORDER BY line DESC LIMIT 1', [PROJECT, session])).toMatch(/Index Scan Backward using engram_episodes_pkey[\s\S]*Limit|Limit[\s\S]*Index Scan Backward using engram_episodes_pkey/);
        expect(await explain(c, 'SELECT key FROM engram_episodes WHERE project = $1 AND key >= $2 ORDER BY key DESC LIMIT 500', [PROJECT, '0'])).toContain('Index Scan Backward using engram_episodes_tenant_project_key_key');
        await c.query('BEGIN READ ONLY');
        await c.query("SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)");
        // A WHERE @@ is not leakproof: the planner may not use the GIN index under the tenant policy.
        expect(await explain(c, "SELECT key FROM engram_episodes WHERE project = $1 AND terms @@ to_tsquery('english', 'zebra') LIMIT 2001", [PROJECT])).not.toContain('engram_episodes_terms');
        await c.query("SELECT set_config('engram.episode_terms', 'zebra', true)");
        expect(await explain(c, 'SELECT key FROM engram_episodes WHERE project = $1 LIMIT 2001', [PROJECT])).toContain('Bitmap Index Scan on engram_episodes_terms');
        expect((await c.query('SELECT count(*)::int AS n FROM engram_episodes WHERE project = $1', [PROJECT])).rows[0]).toEqual({ n: PLAN_ROWS / 1000 });
        await c.query('COMMIT');
      } finally {
        c.release();
      }
      // The setting ended with its transaction: every row again, on any connection of the pool.
      const seen = await Promise.all([1, 2, 3].map(async () => (await a.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM engram_episodes WHERE project = $1', [PROJECT])).rows[0]?.n));
      expect(seen).toEqual([PLAN_ROWS, PLAN_ROWS, PLAN_ROWS]);
      const found = await new PostgresEpisodeStore({ db: a, projectId: PROJECT, clock }).search('zebra', { maxResults: 3 });
      expect(found.groups.flatMap((g) => g.episodes.map((e) => e.episode.content)).filter((t) => t.startsWith('zebra crossing')).length).toBeGreaterThan(0);
      // Another tenant setting the same query sees nothing of this one.
      const cb = await b.pool.connect();
      try {
        await cb.query('BEGIN');
        await cb.query("SELECT set_config('engram.episode_terms', 'zebra', true)");
        expect((await cb.query('SELECT count(*)::int AS n FROM engram_episodes')).rows[0]).toEqual({ n: 0 });
        await cb.query('COMMIT');
      } finally {
        cb.release();
      }
    });
  });

  it("keeps ranked recall's word counts with the rows: an append adds them, a forget takes them away, and another tenant neither sees nor writes them", async () => {
    const a = await openPostgres({ url, tenant: 'count-a' });
    const b = await openPostgres({ url, tenant: 'count-b' });
    await using([a, b], async () => {
      const ea = new PostgresEpisodeStore({ db: a, projectId: PROJECT, clock });
      const session = '20260301_100000_dddd';
      await ea.append([record(session, 'zebra crossing'), record(session, 'zebras at the zebra crossings'), record(session, 'filler words')]);
      const counts = async (db: PostgresDb) =>
        Object.fromEntries(
          (await db.pool.query<{ word: string; n: string }>("SELECT word, n::text AS n FROM engram_episode_words WHERE project = $1 AND word IN ('', 'zebra', 'cross', 'filler')", [PROJECT])).rows.map((r) => [r.word, Number(r.n)]),
        );
      // A row counts a lexeme once, however often it holds it; '' counts the project's rows.
      expect(await counts(a)).toEqual({ '': 3, zebra: 2, cross: 2, filler: 1 });
      await ea.forget(subjectMatcher('filler'), true);
      expect(await counts(a)).toEqual({ '': 2, zebra: 2, cross: 2, filler: 0 });
      expect(await counts(b)).toEqual({});
      await expect(b.pool.query("INSERT INTO engram_episode_words (tenant, project, word, n) VALUES ('count-a', $1, 'zebra', 1)", [PROJECT])).rejects.toThrow(/row-level security/);
      expect((await b.pool.query("UPDATE engram_episode_words SET n = 0 WHERE tenant = 'count-a'")).rowCount).toBe(0);
      expect(await counts(a)).toEqual({ '': 2, zebra: 2, cross: 2, filler: 0 });
    });
  });

  it('appends to overlapping sessions at once without a deadlock, and the counts add up', async () => {
    const db = await openPostgres({ url, tenant: freshTenant() });
    await using([db], async () => {
      const s = new PostgresEpisodeStore({ db, projectId: PROJECT, clock });
      const [x, y] = ['20260301_100000_gggg', '20260301_100000_hhhh'];
      // Each session at a time of its own, so their keys never meet.
      const at = (session: string) => (session === x ? '2026-03-01T10:00:00.000+00:00' : '2026-03-01T11:00:00.000+00:00');
      const batch = (sessions: readonly string[], i: number) => sessions.flatMap((session) => Array.from({ length: 5 }, (_, j) => ({ ...record(session, `zebra ${session} ${i} ${j}`, i), ts: at(session) })));
      // One append holding its first session while it waits for the second, which another append holds: the counts' row must not close the circle.
      const run = (sessions: readonly string[]) => Promise.all(Array.from({ length: 15 }, (_, i) => s.append(batch(sessions, i))));
      await Promise.all([run([x, y]), run([y]), run([y, x])]);
      const r = await db.pool.query<{ word: string; n: string }>("SELECT word, n::text AS n FROM engram_episode_words WHERE project = $1 AND word IN ('', 'zebra') ORDER BY word", [PROJECT]);
      expect(r.rows.map((row) => [row.word, Number(row.n)])).toEqual([['', 375], ['zebra', 375]]);
    });
  });

  it('ranks a word of several lexemes (an identifier) by its rows counted through the index', async () => {
    const db = await openPostgres({ url, tenant: freshTenant() });
    await using([db], async () => {
      const s = new PostgresEpisodeStore({ db, projectId: PROJECT, clock });
      const session = '20260301_100000_eeee';
      await s.append([record(session, 'call read_file on the config', 1), record(session, 'read the file later', 2), record(session, 'nothing here', 3)]);
      const found = await s.search('read_file', { maxResults: 1 });
      expect(found.groups[0]?.episodes.find((e) => e.hit)?.episode.content).toBe('call read_file on the config');
    });
  });

  it('migration 19 counts the episodes already stored, every tenant\'s, and keeps row-level security on', async () => {
    if (!started.ok) return;
    const backfill = started.pg.createDatabase('episode_words_backfill');
    const setup = await openPostgres({ url: backfill, tenant: 'acme', migrate: false });
    try {
      await migrate(setup.pool, MIGRATIONS.filter((m) => m.version < 19));
      // Rows as an older engram wrote them (no counts yet), in two tenants: row-level security binds the owner, so each tenant's as that tenant.
      for (const [tenant, texts] of [
        ['acme', ['zebra one', 'zebra two', 'lion']],
        ['globex', ['zebra three']],
      ] as const) {
        const c = await setup.pool.connect();
        try {
          await c.query("SELECT set_config('engram.tenant', $1, false)", [tenant]);
          const at = Date.parse('2026-03-01T10:00:00Z');
          await insertEpisodeRows(c, PROJECT, '20260301_100000_ffff', texts.map((t, i) => ({ line: i + 1, key: episodeKey(at, i + 1), e: record('20260301_100000_ffff', t) })));
        } finally {
          await c.query("SELECT set_config('engram.tenant', 'acme', false)");
          c.release();
        }
      }
    } finally {
      await setup.close();
    }
    const acme = await openPostgres({ url: backfill, tenant: 'acme' });
    const globex = await openPostgres({ url: backfill, tenant: 'globex' });
    await using([acme, globex], async () => {
      const counts = async (db: PostgresDb) => (await db.pool.query<{ word: string; n: string }>("SELECT word, n::text AS n FROM engram_episode_words WHERE word IN ('', 'zebra', 'lion') ORDER BY word")).rows.map((r) => [r.word, Number(r.n)]);
      expect(await counts(acme)).toEqual([['', 3], ['lion', 1], ['zebra', 2]]);
      expect(await counts(globex)).toEqual([['', 1], ['zebra', 1]]);
      const forced = await acme.pool.query<{ relname: string; forced: boolean }>("SELECT relname, relforcerowsecurity AS forced FROM pg_class WHERE relname IN ('engram_episodes', 'engram_episode_words') ORDER BY relname");
      expect(forced.rows.map((r) => [r.relname, r.forced])).toEqual([['engram_episode_words', true], ['engram_episodes', true]]);
      // And the triggers keep them from here on.
      await new PostgresEpisodeStore({ db: globex, projectId: PROJECT, clock }).append([record('20260301_100000_ffff', 'zebra four')]);
      expect(await counts(globex)).toEqual([['', 2], ['zebra', 2]]);
    });
  });

  it('keeps projects apart within a tenant, and refuses a store without a valid project id', async () => {
    const db = await openPostgres({ url, tenant: freshTenant() });
    await using([db], async () => {
      await new PostgresEpisodeStore({ db, projectId: 'project-one-1', clock }).append([record('20260301_100000_aaaa', 'only in project one')]);
      expect((await new PostgresEpisodeStore({ db, projectId: 'project-two-2', clock }).recall('project one')).hits).toBe(0);
      expect(() => new PostgresEpisodeStore({ db, projectId: '../x', clock })).toThrow(/project's id/);
    });
  });

  it('finds old matches past the recent window through the trigram index, newest first', async () => {
    const db = await openPostgres({ url, tenant: freshTenant() });
    await using([db], async () => {
      const s = new PostgresEpisodeStore({ db, projectId: PROJECT, clock });
      const session = '20260301_100000_bbbb';
      const base = Date.parse('2026-03-01T00:00:00Z');
      const rows = Array.from({ length: 2600 }, (_, i) => ({ ts: new Date(base + i * 1000).toISOString(), session, turn: i, role: 'tool_result', content: i < 100 && i % 10 === 0 ? `old needle ${i}` : `filler ${i}` }));
      await s.append(rows.map((r) => ({ ...r, meta: {} })));
      const r = await s.recall('NEEDLE', { maxResults: 3 });
      expect(r.groups.map((g) => g.episodes[0]?.episode.content)).toEqual(['old needle 90', 'old needle 80', 'old needle 70']);
      expect((await s.recall('needle')).hits).toBe(10);
    });
  });
});
