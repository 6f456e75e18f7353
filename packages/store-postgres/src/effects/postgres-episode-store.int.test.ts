import { episodeStoreContract } from '@engram/hippocampus/testing';
import { manualClock } from '@engram/kernel';
import type { PoolClient } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../testing/effects/start-test-postgres.js';
import { openPostgres, type PostgresDb } from './open-postgres.js';
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
    return { open: (c, embedder) => new PostgresEpisodeStore({ db, projectId: PROJECT, clock: c, embedder: embedder ?? null }), close: () => db.close() };
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
