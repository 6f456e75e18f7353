import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimReport } from '@engram/sim';
import { runCli } from '../cli/run-cli.js';

/** The two session logs `engram demo` writes (a turn full of mistakes, then a clean one). */
const demoLogs = (root: string): string[] => {
  const demo = runCli(['demo', '--json', '--home', join(root, 'demo')]);
  expect(demo.stderr).toBe('');
  expect(demo.status).toBe(0);
  return (JSON.parse(demo.stdout) as { sessions: { eventLog: string }[] }).sessions.map((s) => s.eventLog);
};

const report = (stdout: string): SimReport & { base: NonNullable<SimReport['base']> } => {
  const r = JSON.parse(stdout) as SimReport;
  if (r.base === undefined) throw new Error('the report has no base section');
  return r as SimReport & { base: NonNullable<SimReport['base']> };
};

describe('engram sim --base (built CLI, real logs)', () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-sim-base-'));
  let logs: string[] = [];
  beforeAll(() => {
    logs = demoLogs(root);
  }, 120_000);

  it('builds the turns on the recorded ones, scores every detector, and says which logs and how many turns it used', () => {
    const a = runCli(['sim', '--base', ...logs, '--turns', '200', '--json']);
    expect(a.stderr).toBe('');
    expect(a.status).toBe(0);
    const r = report(a.stdout);
    expect(r.base.logs.map((l) => l.file)).toEqual(logs);
    expect(r.base.turns).toBe(2);
    expect(r.base.builtOnBase).toBe(200);
    expect(r.base.skipped.total).toBe(0);
    // the demo's first turn really sprawls over two pads: name-switch is left unscored where not injected
    expect(r.base.firesUnderAnton.find((f) => f.detector === 'acc.name-switch')).toMatchObject({ baseTurns: 1 });
    expect(r.detectors).toHaveLength(9);
    for (const d of r.detectors) {
      expect(d.positives).toBeGreaterThan(0);
      expect(d.recommended.tp).toBeGreaterThan(0);
    }
    const names = r.detectors.find((d) => d.detector === 'acc.name-switch');
    const unscored = r.base.firesUnderAnton.find((f) => f.detector === 'acc.name-switch')?.unscoredTurns ?? 0;
    expect(unscored).toBeGreaterThan(0);
    expect((names?.anton.tp ?? 0) + (names?.anton.fn ?? 0)).toBe(names?.positives);
    // same seed, same report; another seed, another
    expect(runCli(['sim', '--base', ...logs, '--turns', '200', '--json']).stdout).toBe(a.stdout);
    expect(runCli(['sim', '--base', ...logs, '--turns', '200', '--json', '--seed', '2']).stdout).not.toBe(a.stdout);
  });

  it('--base-rate mixes synthetic turns in; sweeps, the table and --html work on it', () => {
    const html = join(root, 'report.html');
    const r = report(runCli(['sim', '--base', logs[0] ?? '', '--base-rate', '0.5', '--turns', '300', '--json', '--sweep', 'acc.kill-loop.minKills=1..3', '--html', html]).stdout);
    expect(r.base.rate).toBe(0.5);
    expect(r.base.builtOnBase).toBeGreaterThan(100);
    expect(r.base.builtOnBase).toBeLessThan(200);
    expect(r.detectors.find((d) => d.detector === 'acc.kill-loop')?.sweep.map((p) => p.params)).toEqual([1, 2, 3].map((minKills) => ({ minKills })));
    expect(readFileSync(html, 'utf8')).toContain('built on real logs');
    const table = runCli(['sim', '--base', ...logs, '--turns', '100']);
    expect(table.status).toBe(0);
    expect(table.stdout).toContain('built on real logs: 100 simulated turns on 2 recorded turns from 2 logs');
    expect(table.stdout).toContain('acc.kill-loop');
  });

  it('reports a malformed line as file:line, skips the turn around it, and goes on', () => {
    const lines = readFileSync(logs[1] ?? '', 'utf8').split('\n');
    const inTurn = lines.findIndex((l) => l.includes('"type":"scratchpad.cell.executed"'));
    lines.splice(inTurn, 0, '{"seq": "not a number"');
    const bad = join(root, 'malformed.jsonl');
    writeFileSync(bad, `${lines.join('\n')}this is not json\n`);
    const r = runCli(['sim', '--base', logs[0] ?? '', bad, '--turns', '200', '--json']);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain(`${bad}:${inTurn + 1}:`);
    expect(r.stderr).toContain(`${bad}:${lines.length}:`);
    const out = report(r.stdout);
    expect(out.base.logs[1]).toEqual({ file: bad, turns: 0, skipped: 1, badLines: 2 });
    expect(out.base.skipped).toMatchObject({ total: 1, byReason: { damaged: 1, unfinished: 0 } });
    expect(out.base.skipped.first[0]?.detail).toContain(`line ${inTurn + 1}`);
    expect(out.base.problems[0]).toContain(`${bad}:${inTurn + 1}:`);
    expect(out.base.turns).toBe(1);
  });

  it('exits 2 naming the problem: a log that cannot be read, a log with no usable turn, --base-rate without --base', () => {
    const missing = runCli(['sim', '--base', join(root, 'nope.jsonl'), '--turns', '10']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`--base ${join(root, 'nope.jsonl')}: cannot read it`);
    const junk = join(root, 'junk.jsonl');
    writeFileSync(junk, 'not a log\n');
    const empty = runCli(['sim', '--base', junk, '--turns', '10']);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain(`${junk}:1:`);
    expect(empty.stderr).toContain('no usable turn');
    const rate = runCli(['sim', '--base-rate', '0.5', '--turns', '10']);
    expect(rate.status).toBe(2);
    expect(rate.stderr).toContain('--base-rate needs --base');
  });
});
