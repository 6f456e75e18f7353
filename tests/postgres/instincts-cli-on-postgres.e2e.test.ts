import { openBrain } from '@engram/runtime';
import { startTestPostgres } from '@engram/store-postgres/testing';
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { habitSession } from './habit-session.js';
import { runCli } from '../cli/run-cli.js';

const started = await startTestPostgres();
afterAll(() => (started.ok ? started.pg.stop() : undefined));

const HABIT = 'basal-ganglia.chain.Grep>Read>Edit';

const roots = () => {
  const home = mkdtempSync(join(tmpdir(), 'engram-instincts-cli-pg-'));
  const project = join(home, 'project');
  mkdirSync(project);
  return { home, project, args: ['--home', home, '--project', project] };
};


/** What the files backend would have written: none of it may exist when the store is PostgreSQL. */
const filesWritten = (home: string, project: string): string[] =>
  [join(home, 'events'), join(home, 'instincts'), join(project, '.engram', 'events'), join(project, '.engram', 'instincts')].flatMap((d) => (existsSync(d) ? readdirSync(d).map((f) => join(d, f)) : []));

describe('engram instincts: the store settings', () => {
  it('exit 2 naming the setting for a bad store URL or tenant, 3 naming the URL (never its password) when the server cannot be reached', () => {
    const { args } = roots();
    const bad = runCli(['instincts', 'analyze', '--json', ...args], { ENGRAM_STORE: 'mysql://u@127.0.0.1:1/db' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('ENGRAM_STORE');
    const tenant = runCli(['instincts', 'list', ...args, '--store', 'postgres://u@127.0.0.1:1/db', '--tenant', '../x']);
    expect(tenant.status).toBe(2);
    expect(tenant.stderr).toContain('--tenant');
    // Port 1 on the loopback: nothing listens, the connection is refused at once.
    const down = runCli(['instincts', 'promote', ...args, '--store', 'postgres://engram:hunter2@127.0.0.1:1/engram']);
    expect(down.status).toBe(3);
    expect(down.stderr).toContain('127.0.0.1:1');
    expect(down.stderr).not.toContain('hunter2');
    expect(runCli(['memory', 'stats', ...args, '--store', 'postgres://engram@127.0.0.1:1/engram']).status).toBe(3);
  });
});

describe.skipIf(!started.ok)(`engram instincts and the memory audit on PostgreSQL${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  it('analyze finds a habit repeated in sessions stored in PostgreSQL, promote promotes it there, list/show read it back, memory stats/why read the same logs; no file is written', { timeout: 180_000 }, async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('instincts_cli');
    const { home, project, args } = roots();
    const brain = await openBrain({ home, project, store: url, tenant: 'acme', env: {}, modes: { memory: 'autopilot', acc: 'active' }, instincts: { auto: false } });
    let learned: string;
    try {
      for (let k = 0; k < 3; k++) await habitSession(brain);
      // One session in which the ACC learns a rule (a cell killed twice for being heavy): its provenance is in PostgreSQL.
      const s = brain.session();
      s.startTurn('render the charts');
      for (let i = 0; i < 2; i++) s.cell({ pad: 'charts', code: 'render_all()', description: 'render all', outcome: { kind: 'killed', reason: 'Cell timed out after 60s while still running (too heavy for one cell)' } });
      s.endTurn('gave up');
      await s.settled();
      await s.close();
      learned = (await brain.stores.semantic.global.read()).rules.find((r) => /killed/i.test(r.text))?.text ?? '';
    } finally {
      await brain.close();
    }
    expect(learned).not.toBe('');
    const env = { ENGRAM_STORE: url, ENGRAM_TENANT: 'acme' };

    const analyzed = runCli(['instincts', 'analyze', '--json', ...args], env);
    expect(analyzed.status, analyzed.stderr).toBe(0);
    const a = JSON.parse(analyzed.stdout) as { logs: string[]; instinctsDir: string; patterns: { id: string }[]; active: { id: string; status: string }[]; promotable: string[] };
    expect(a.logs).toHaveLength(4);
    expect(a.logs.every((l) => l.startsWith('postgres:acme/events/'))).toBe(true);
    expect(a.instinctsDir).toMatch(/^postgres:acme\/project:/);
    expect(a.patterns.map((p) => p.id)).toContain(HABIT);
    expect(a.active.find((i) => i.id === HABIT)?.status).toBe('active');
    expect(a.promotable).toContain(HABIT);

    const promoted = runCli(['instincts', 'promote', '--json', ...args, '--store', url, '--tenant', 'acme']);
    expect(promoted.status, promoted.stderr).toBe(0);
    expect((JSON.parse(promoted.stdout) as { promoted: string[] }).promoted).toEqual([HABIT]);

    const listed = runCli(['instincts', 'list', '--json', ...args], env);
    expect(listed.status, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { instincts: { id: string; status: string }[] }).instincts.map((i) => [i.id, i.status])).toContainEqual([HABIT, 'promoted']);
    const shown = runCli(['instincts', 'show', HABIT, '--json', ...args], env);
    expect(shown.status, shown.stderr).toBe(0);
    expect((JSON.parse(shown.stdout) as { file: string }).file).toMatch(/^postgres:acme\/project:/);
    // Another tenant has none of it; neither have the files.
    expect((JSON.parse(runCli(['instincts', 'list', '--json', ...args], { ...env, ENGRAM_TENANT: 'globex' }).stdout) as { instincts: unknown[] }).instincts).toEqual([]);
    expect((JSON.parse(runCli(['instincts', 'list', '--json', ...args]).stdout) as { instincts: unknown[] }).instincts).toEqual([]);

    // The audit reads the same logs, the promotion's record among them.
    const stats = runCli(['memory', 'stats', '--json', ...args], env);
    expect(stats.status, stats.stderr).toBe(0);
    const st = JSON.parse(stats.stdout) as { logs: number; sessions: number; promotionPrecision: { promoted: number } };
    expect([st.logs, st.sessions, st.promotionPrecision.promoted]).toEqual([5, 4, 1]);
    const why = runCli(['memory', 'why', learned.slice(0, 20), '--json', ...args, '--store', url, '--tenant', 'acme']);
    expect(why.status, why.stderr).toBe(0);
    const w = JSON.parse(why.stdout) as { entries: { text: string }[]; provenance: { log: string; chain: { type: string }[] }[] };
    expect(w.entries.map((e) => e.text)).toEqual([learned]);
    expect(w.provenance[0]?.log).toMatch(/^postgres:acme\/events\//);
    expect(w.provenance[0]?.chain[0]?.type).toBe('hippocampus.engram.encoded');
    // The files know nothing of it.
    expect(runCli(['memory', 'why', learned.slice(0, 20), '--json', ...args]).status).toBe(1);

    expect(filesWritten(home, project)).toEqual([]);
  });
});
