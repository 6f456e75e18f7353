import { openBrain } from '@engram/runtime';
import { startTestPostgres } from '@engram/store-postgres/testing';
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { habitSession } from './habit-session.js';

const started = await startTestPostgres();
afterAll(() => (started.ok ? started.pg.stop() : undefined));
const url = started.ok ? started.pg.createDatabase('habits_suite') : '';

const HABIT = 'basal-ganglia.chain.Grep>Read>Edit';

const host = async (tenant: string, acc: 'off' | 'active' = 'off') => {
  const home = mkdtempSync(join(tmpdir(), 'engram-habits-pg-'));
  const project = join(home, 'project');
  mkdirSync(project);
  const brain = await openBrain({ home, project, store: url, tenant, env: {}, modes: { memory: 'autopilot', acc } });
  return { home, project, brain };
};


/** What the files backend would have written: nothing of it may exist when the store is PostgreSQL. */
const filesWritten = (home: string, project: string): string[] =>
  [join(home, 'events'), join(home, 'instincts'), join(project, '.engram', 'events'), join(project, '.engram', 'instincts')].flatMap((d) => (existsSync(d) ? readdirSync(d).map((f) => join(d, f)) : []));

describe.skipIf(!started.ok)(`the habit loop and the memory audit on PostgreSQL${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  it('promotes a habit at the sessions\' ends from the logs in PostgreSQL, reads only new logs, and writes no file', { timeout: 60_000 }, async () => {
    const { home, project, brain } = await host('acme');
    try {
      const status = async () => (await brain.instincts.list()).instincts.find((i) => i.id === HABIT)?.status ?? null;
      expect(await habitSession(brain)).toEqual([]);
      expect(await status()).toBeNull(); // 6 of the 17 the frequency needs
      expect(await habitSession(brain)).toEqual([]);
      expect(await status()).toBe('active');
      expect(await habitSession(brain)).toEqual([]);
      expect(await status()).toBe('promoted');
      const listed = await brain.instincts.list();
      expect(listed.instinctsDir).toMatch(/^postgres:acme\/project:/);

      // The promotion was recorded in the store's log: read once by the next analysis, then nothing.
      const first = await brain.instincts.analyze();
      expect(first.logs.length).toBe(4);
      expect(first.logs.every((l) => l.startsWith('postgres:acme/events/'))).toBe(true);
      expect(first.read).toHaveLength(1);
      const again = await brain.instincts.analyze({ now: first.now });
      expect(again.read).toEqual([]);
      expect(again.scores).toEqual(first.scores);
      expect(again.auditError).toBeNull();

      const audit = await brain.memory.stats();
      expect(audit.logs).toEqual(first.logs);
      expect(audit.promotionPrecision.promoted).toBe(1);
      expect([audit.sessions, audit.turns]).toEqual([3, 3]);
      expect(filesWritten(home, project)).toEqual([]);

      // Another tenant's loop sees none of these logs, nor does another project of the same tenant
      // (migration 14: a session is its project's), as on the files, where each project has its own folder.
      for (const tenant of ['globex', 'acme']) {
        const other = await host(tenant);
        try {
          const run = await other.brain.instincts.analyze();
          expect([tenant, run.logs, run.observations]).toEqual([tenant, [], 0]);
          expect((await other.brain.memory.stats()).sessions).toBe(0);
        } finally {
          await other.brain.close();
        }
      }
    } finally {
      await brain.close();
    }
  });

  it('memory why traces an entry learned on PostgreSQL to its session there; stats and prune-stale read the same logs', { timeout: 60_000 }, async () => {
    const { home, project, brain } = await host('initech', 'active');
    try {
      const s = brain.session();
      s.startTurn('render the charts');
      for (let i = 0; i < 2; i++) s.cell({ pad: 'charts', code: 'render_all()', description: 'render all', outcome: { kind: 'killed', reason: 'Cell timed out after 60s while still running (too heavy for one cell)' } });
      s.endTurn('gave up');
      await s.settled();
      await s.close();
      const rule = (await brain.stores.semantic.global.read()).rules.find((r) => /killed/i.test(r.text));
      expect(rule).toBeDefined();
      const why = await brain.memory.why(rule!.text.slice(0, 20));
      expect(why.entries.map((e) => [e.id, e.store])).toEqual([[rule!.id, 'global']]);
      const p = why.provenance[0];
      expect(s.eventLog).toBe(`postgres:initech/events/${s.id}`);
      expect(p?.log).toBe(s.eventLog);
      expect(p?.chain.map((x) => x.type).slice(0, 3)).toEqual(['hippocampus.engram.encoded', 'cortex.engram.proposed', 'acc.lesson.detected']);
      const stats = await brain.memory.stats();
      expect(stats.logs).toContain(s.eventLog);
      expect(stats.falseLearningRate.learned).toBeGreaterThan(0);
      const pruned = await brain.memory.pruneStale({ now: Date.now() + 90 * 86_400_000, remove: true });
      expect([pruned.judged, pruned.removed]).toEqual([false, []]);
      expect(filesWritten(home, project)).toEqual([]);
    } finally {
      await brain.close();
    }
  });
});
