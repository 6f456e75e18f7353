import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

describe('engram memory stats (the injection audit) on the demo logs', () => {
  it('finds the learned rules injected in session 2 and that their patterns did not fire again', () => {
    const home = mkdtempSync(join(tmpdir(), 'engram-stats-'));
    expect(runCli(['demo', '--json', '--home', home]).status).toBe(0);
    const r = runCli(['memory', 'stats', '--json', '--home', home, '--project', join(home, 'project')]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout) as { logs: number; sessions: number; turns: number; injectionsPerTurn: number; hitRate: { turns: number; hits: number; rate: number }; falseLearningRate: { learned: number } };
    expect(s).toMatchObject({ logs: 2, sessions: 2, turns: 2 });
    expect(s.injectionsPerTurn).toBeGreaterThan(0);
    expect(s.hitRate.turns).toBeGreaterThanOrEqual(3);
    expect(s.hitRate.rate).toBe(1);
    expect(s.falseLearningRate.learned).toBeGreaterThanOrEqual(4);
  });
});
