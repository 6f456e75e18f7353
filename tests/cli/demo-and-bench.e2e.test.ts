import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('engram demo', () => {
  // The demo's cell limits grow with the machine's load (apps/cli/src/demo), so on a loaded machine it runs longer than the 60 s default.
  it('runs two real sessions: the first fails and learns, the second starts with the lessons and fails less', { timeout: 240_000 }, () => {
    const home = mkdtempSync(join(tmpdir(), 'engram-demo-test-'));
    const r = runCli(['demo', '--home', home, '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { memoryHome: string; sessions: { failures: number; eventLog: string; lessonsLearned: { id: string; kind: string; rule: string; scope: string; file: string }[] }[] };
    expect(out.memoryHome).toBe(home);
    const [first, second] = out.sessions;
    expect(first?.failures).toBeGreaterThanOrEqual(4);
    expect(second?.failures).toBeLessThan(first?.failures ?? 0);
    const ids = first?.lessonsLearned.map((l) => l.id) ?? [];
    for (const id of ['acc.name-switch', 'acc.kill-loop.heavy', 'acc.repeated-error-signature']) expect(ids).toContain(id);
    for (const l of first?.lessonsLearned ?? []) {
      expect(existsSync(l.file)).toBe(true);
      expect(readFileSync(l.file, 'utf8')).toContain(l.rule.slice(0, 40));
    }
    expect(second?.lessonsLearned).toEqual([]);
    for (const s of out.sessions) expect(runCli(['log', 'validate', s.eventLog]).status).toBe(0);
  });

  it('prints a narrative without --json', () => {
    const r = runCli(['demo', '--home', mkdtempSync(join(tmpdir(), 'engram-demo-text-'))]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/session 1: \d+ failures/);
    expect(r.stdout).toMatch(/failures per session: \d+ -> \d+/);
    expect(r.stdout).toMatch(/scripted policy plays the model/);
    // The next step for a real model is the chat, on the home the demo filled.
    // (tests/cli/printed-advice.e2e.test.ts runs it as printed.)
    expect(r.stdout).toMatch(/^ {2}ANTHROPIC_API_KEY=\.\.\. node \S+engram\.js chat --home \S+ --project \S+$/m);
  });
});

describe('engram bench', () => {
  it.each(['bus', 'log', 'acc', 'cli', 'scrub', 'instincts'])('%s prints one JSON object of the agreed shape', (suite) => {
    const r = runCli(['bench', suite, '--json', '--scale', '0.01']);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as { suite: string; machine: { cpus: number }; results: { name: string; n: number; seconds: number; perSecond: number }[] };
    expect(report.suite).toBe(suite);
    expect(report.machine.cpus).toBeGreaterThan(0);
    expect(report.results.length).toBeGreaterThan(0);
    for (const row of report.results) {
      expect(row.n).toBeGreaterThan(0);
      expect(row.seconds).toBeGreaterThan(0);
      expect(row.perSecond).toBeGreaterThan(0);
    }
    // cli starts ~40 processes even at --scale 0.01 (node -e 0 beside --version, the hooks, memory commands, the service).
    if (suite === 'cli') {
      const started = new Map(report.results.map((row) => [row.name, (row as { started?: string }).started]));
      // The served hook is timed as Claude Code runs it, through the engram command, which starts the served-hook client.
      expect(started.get('hook (engram hook pre-tool-use, through engram serve)')).toMatch(/^client: .*hook-client-main\.cjs \(engram serve at /);
      expect(started.get('engram hook pre-tool-use (in process: ENGRAM_SERVE=0)')).toMatch(/^snapshot: .*hook\.blob/);
      // The floor under the snapshot rows: Node from an empty snapshot, timed in the same run, with no target of its own.
      const floor = report.results.find((row) => row.name.startsWith('node --snapshot-blob EMPTY')) as { p50OverNode?: number; met?: boolean } | undefined;
      expect(floor?.p50OverNode).toBeGreaterThan(0);
      expect(floor?.met).toBeUndefined();
    }
  }, 150_000);

  it('refuses an unknown suite with exit 2', () => {
    expect(runCli(['bench', 'nope']).status).toBe(2);
  });
});
