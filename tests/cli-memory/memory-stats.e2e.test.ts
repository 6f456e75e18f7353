import { appendFileSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEvent } from '@engram/events/testing';
import { JsonlLogWriter, readLogFile } from '@engram/store';
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

describe('engram memory stats: ageing out', () => {
  it('lists the stored rules that no injection chose for 60 days, once the window holds enough injections', async () => {
    const home = mkdtempSync(join(tmpdir(), 'engram-stale-'));
    const project = join(home, 'project');
    const roots = ['--home', home, '--project', project];
    const add = (text: string) => (JSON.parse(runCli(['memory', 'add', text, '--kind', 'always', '--scope', 'global', '--json', ...roots]).stdout) as { entry: { id: string } }).entry.id;
    const used = add('Always read COBOL sources with the detected charset');
    const unused = add('Always pin the pandas version in requirements files');
    const DAY = 86_400_000;
    const start = Date.now() + 61 * DAY;
    const sessionId = '20270201_090000_00aa';
    const w = new JsonlLogWriter(join(project, '.engram', 'events', `${sessionId}.jsonl`), sessionId);
    await w.append(
      Array.from({ length: 20 }, (_, i) =>
        buildEvent('cortex.context.injected', { target: 'pre-call', tool: 'read_file', items: [{ id: used, kind: 'rule', text: 'x', why: 'bm25' }], tokens: 12 }, { seq: i + 1, sessionId, at: new Date(start + i * DAY).toISOString() }),
      ),
    );
    w.close();
    const stats = (now: number) => JSON.parse(runCli(['memory', 'stats', '--json', '--now', new Date(now).toISOString(), ...roots]).stdout) as { stale: { judged: boolean; injections: number; items: { id: string }[] } };
    const judged = stats(start + 25 * DAY).stale;
    expect(judged).toMatchObject({ judged: true, injections: 20 });
    expect(judged.items.map((i) => i.id)).toEqual([unused]);
    // Too few injections in the window: nothing is judged rather than everything called stale.
    expect(stats(start + 200 * DAY).stale).toMatchObject({ judged: false, injections: 0, items: [] });

    // Ageing out on request: a preview first, then --yes removes the unused rule and records why.
    const at = ['--now', new Date(start + 25 * DAY).toISOString()];
    const preview = runCli(['memory', 'prune-stale', ...at, ...roots]);
    expect(preview.status).toBe(0);
    expect(preview.stdout).toContain(`${unused} (rule): Always pin the pandas version`);
    expect(preview.stdout).toContain('run again with --yes');
    expect(readFileSync(join(home, 'memory', 'rules.md'), 'utf8')).toContain('pin the pandas version');
    const pruned = JSON.parse(runCli(['memory', 'prune-stale', '--yes', '--json', ...at, ...roots]).stdout) as { removed: { id: string; scope: string }[] };
    expect(pruned.removed).toEqual([{ id: unused, scope: 'global', text: 'Always pin the pandas version in requirements files' }]);
    const rules = readFileSync(join(home, 'memory', 'rules.md'), 'utf8');
    expect(rules).not.toContain('pin the pandas version');
    expect(rules).toContain('COBOL sources with the detected charset');
    const removals = readdirSync(join(home, 'events')).flatMap((f) => readLogFile(join(home, 'events', f)).events).filter((e) => e.type === 'hippocampus.engram.removed');
    expect(removals.map((e) => e.type === 'hippocampus.engram.removed' && [e.data.entryId, e.data.by])).toEqual([[unused, 'ageing']]);
  });
});

describe('engram memory stats: false learning', () => {
  it('counts a learned rule the user removed with engram memory remove', () => {
    const home = mkdtempSync(join(tmpdir(), 'engram-false-'));
    const project = join(home, 'project');
    expect(runCli(['demo', '--json', '--home', home]).status).toBe(0);
    const stats = () => JSON.parse(runCli(['memory', 'stats', '--json', '--home', home, '--project', project]).stdout) as { sessions: number; falseLearningRate: { learned: number; removed: number; rate: number } };
    const before = stats();
    expect(before.falseLearningRate.removed).toBe(0);
    const shown = JSON.parse(runCli(['memory', 'show', '--json', '--home', home, '--project', project]).stdout) as unknown;
    const learnedRule = JSON.stringify(shown).match(/When a tool call fails, don't retry it[^"]*/)?.[0];
    expect(learnedRule).toBeDefined();
    const removed = runCli(['memory', 'remove', learnedRule ?? '', '--home', home, '--project', project]);
    expect(removed.status).toBe(0);
    const after = stats();
    expect(after.sessions).toBe(before.sessions);
    expect(after.falseLearningRate.learned).toBe(before.falseLearningRate.learned);
    expect(after.falseLearningRate.removed).toBe(1);
    expect(after.falseLearningRate.rate).toBeGreaterThan(0);
  });
});

describe('engram memory stats: bad input', () => {
  it('reports a malformed log line with file and line on stderr and still computes from the rest', () => {
    const home = mkdtempSync(join(tmpdir(), 'engram-stats-bad-'));
    expect(runCli(['demo', '--json', '--home', home]).status).toBe(0);
    const project = join(home, 'project');
    const dir = join(project, '.engram', 'events');
    const [first] = readdirSync(dir).sort();
    appendFileSync(join(dir, first ?? ''), '{"seq": "not a number"\n');
    const r = runCli(['memory', 'stats', '--json', '--home', home, '--project', project]);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`^warning: ${join(dir, first ?? '').replaceAll('.', '\\.')}:\\d+: `, 'm'));
    expect((JSON.parse(r.stdout) as { sessions: number }).sessions).toBe(2);
  });
});
