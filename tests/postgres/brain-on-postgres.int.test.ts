import type { AnyEnvelope } from '@engram/events';
import { openBrain, type Brain } from '@engram/runtime';
import { openPostgres, PostgresRecipeStore } from '@engram/store-postgres';
import { startTestPostgres } from '@engram/store-postgres/testing';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Its own server: a test restarts it mid-session, which would cut every other suite off a shared one.
const started = await startTestPostgres({ own: true });
afterAll(() => (started.ok ? started.pg.stop() : undefined));
const url = started.ok ? started.pg.createDatabase('brain_suite') : '';

/** A host: its own home and project folder (another machine), one pool to the shared store. */
const host = (tenant: string): Promise<Brain> => {
  const home = mkdtempSync(join(tmpdir(), 'engram-host-'));
  const project = join(home, 'project');
  mkdirSync(project);
  return openBrain({ home, project, store: url, tenant, env: {}, modes: { memory: 'autopilot' } });
};

/** Bounded wait for another host's write to reach this one (a wake-up). */
const WAIT_MS = 5_000;
const eventually = async (ok: () => Promise<boolean>): Promise<void> => {
  const end = Date.now() + WAIT_MS;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.skipIf(!started.ok)(`brains on PostgreSQL${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  it('cross-host: a lesson host A encodes is in host B\'s next memory block, and never in another tenant\'s', async () => {
    const [a, b, other] = [await host('acme'), await host('acme'), await host('globex')];
    try {
      const sa = a.session();
      const sb = b.session();
      const so = other.session();
      expect(await sb.memoryContext('hello')).not.toContain('CoinGecko');
      const report = await sa.memorize({ entries: [{ text: 'CoinGecko rate-limits at 50 requests a minute', kind: 'lesson', scope: 'global' }] });
      expect(report).toMatchObject({ ok: true });
      await sa.settled();
      await eventually(async () => (await sb.memoryContext('hello')).includes('CoinGecko rate-limits'));
      expect(await so.memoryContext('hello')).not.toContain('CoinGecko');
      for (const s of [sa, sb, so]) await s.close();
    } finally {
      for (const x of [a, b, other]) await x.close();
    }
  });

  it('server restarted mid-session: no event of the session is lost or stored twice', { timeout: 60_000 }, async () => {
    if (!started.ok) return;
    const brain = await host('restart');
    try {
      const s = brain.session();
      const published: AnyEnvelope[] = [];
      s.events$.subscribe((e) => published.push(e));
      s.startTurn('turn before the restart');
      s.endTurn('done');
      await s.settled();
      started.pg.restart();
      s.startTurn('turn after the restart');
      s.endTurn('done again');
      await s.settled();
      await s.close();
      const stored = await s.loggedEvents();
      // The session's start was published before the test subscribed; everything after it is in the log once, in order.
      expect(stored[0]?.type).toBe('executive.session.started');
      expect(stored.slice(1).map((e) => e.id)).toEqual(published.map((e) => e.id));
      expect(published.filter((e) => e.type === 'executive.turn.completed')).toHaveLength(2);
      expect(new Set(stored.map((e) => e.id)).size).toBe(stored.length);
      expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1));
    } finally {
      await brain.close();
    }
  });

  it('a full pool answers within its wait with a clear error, and serves everyone once connections free up', { timeout: 30_000 }, async () => {
    /** The bounded wait for a connection in this test (ms), and the margin allowed on a loaded machine. */
    const POOL_WAIT_MS = 300;
    const db = await openPostgres({ url, tenant: 'pool', poolSize: 2, poolWaitMs: POOL_WAIT_MS });
    try {
      const store = new PostgresRecipeStore(db);
      const held = [await db.pool.connect(), await db.pool.connect()];
      const t0 = Date.now();
      await expect(store.list()).rejects.toThrow(/timeout/i);
      expect(Date.now() - t0).toBeLessThan(POOL_WAIT_MS * 20);
      for (const c of held) c.release();
      // Load: far more callers than connections; each waits its turn and all succeed.
      const CALLERS = 40;
      const results = await Promise.all(Array.from({ length: CALLERS }, () => store.list()));
      expect(results.every((r) => r.recipes.length === 0)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
