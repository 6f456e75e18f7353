import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('engram demo', () => {
  it('writes a real, valid event log under the given home and says what it shows', () => {
    const home = mkdtempSync(join(tmpdir(), 'engram-demo-test-'));
    const r = runCli(['demo', '--home', home, '--json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { memoryHome: string; eventLog: string; events: number; problems: number; notYet: string };
    expect(out.memoryHome).toBe(home);
    expect(existsSync(out.eventLog)).toBe(true);
    expect(out.events).toBeGreaterThan(20);
    expect(out.problems).toBe(0);
    expect(runCli(['log', 'validate', out.eventLog]).status).toBe(0);
    expect(out.notYet).toMatch(/issue 6/);
  });
});

describe('engram bench', () => {
  it.each(['bus', 'log', 'acc', 'cli'])('%s prints one JSON object of the agreed shape', (suite) => {
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
  });

  it('refuses an unknown suite with exit 2', () => {
    expect(runCli(['bench', 'nope']).status).toBe(2);
  });
});
