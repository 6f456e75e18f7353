import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAY_MS, patternId } from '@engram/basal-ganglia';
import { JsonlLogWriter, readLogFile } from '@engram/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { repeat, toolSession } from './tool-session.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'apps/cli/bin/engram.js');
const engram = (args: readonly string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: ROOT, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

const readLogs = (dir: string) => readdirSync(dir).flatMap((f) => readLogFile(join(dir, f)).events);

const json = (stdout: string): Record<string, unknown> => JSON.parse(stdout) as Record<string, unknown>;

const DAY0 = Date.parse('2026-03-01T09:00:00.000Z');
const BRE = ['Bash', 'Read', 'Edit'];
const GRE = ['Grep', 'Read', 'Edit'];
const SESSIONS: readonly string[][] = [repeat(BRE, 3), repeat(BRE, 5), repeat(BRE, 4), [...repeat(GRE, 6), ...repeat(BRE, 2)], repeat(GRE, 8), repeat(GRE, 7), repeat(GRE, 9)];
const after7 = new Date(DAY0 + 12 * DAY_MS + DAY_MS / 2).toISOString();
const gre = patternId('chain', GRE);

/** Seed 003's seven sessions as real logs: 1-3 in the global store (no project), 4-7 in the project. */
const writeLogs = async (): Promise<{ home: string; project: string }> => {
  const base = mkdtempSync(join(tmpdir(), 'engram-instincts-'));
  const home = join(base, 'home');
  const project = join(base, 'project');
  for (const [i, calls] of SESSIONS.entries()) {
    const sessionId = `202603${String(i * 2 + 1).padStart(2, '0')}_090000_000${i + 1}`;
    const dir = i < 3 ? join(home, 'events') : join(project, '.engram', 'events');
    const w = new JsonlLogWriter(join(dir, `${sessionId}.jsonl`), sessionId);
    await w.append(toolSession(calls, { sessionId, start: DAY0 + i * 2 * DAY_MS }));
    w.close();
  }
  return { home, project };
};

beforeAll(() => {
  // `npm test` builds before the e2e suites; building here would race other suites running the CLI.
  if (!existsSync(join(ROOT, 'apps/cli/dist/main.js'))) throw new Error('the CLI is not built: run node_modules/.bin/tsc -b tsconfig.build.json');
});

describe('engram instincts (built CLI, real logs)', () => {
  it('analyzes, promotes, lists, shows and archives the seed example', async () => {
    const { home, project } = await writeLogs();
    const roots = ['--home', home, '--project', project, '--json'];

    const analyzed = engram(['instincts', 'analyze', ...roots, '--now', after7]);
    expect(analyzed.stderr).toBe('');
    expect(analyzed.status).toBe(0);
    const a = json(analyzed.stdout);
    expect(a['logs']).toHaveLength(7);
    expect(a['promotable']).toEqual([gre]);
    expect(a['promoted']).toEqual([]);
    const pattern = (a['patterns'] as { id: string; observations: number; confidence: number }[]).find((p) => p.id === gre);
    expect(pattern?.observations).toBe(30);
    expect(pattern?.confidence).toBeCloseTo(0.95, 2);

    const promoted = engram(['instincts', 'promote', ...roots, '--now', after7]);
    expect(promoted.status).toBe(0);
    expect(json(promoted.stdout)['promoted']).toEqual([gre]);
    const rulesFile = join(project, '.engram', 'instincts', 'generated-rules.md');
    expect(readFileSync(rulesFile, 'utf8')).toContain('Frequent tool chain: Grep->Read->Edit (seen 30x)');
    expect(statSync(rulesFile).mode & 0o777).toBe(0o600);

    const listed = json(engram(['instincts', 'list', ...roots]).stdout);
    expect((listed['instincts'] as { id: string; status: string }[]).find((i) => i.id === gre)?.status).toBe('promoted');

    const shown = engram(['instincts', 'show', gre, ...roots]);
    expect(shown.status).toBe(0);
    const file = json(shown.stdout)['file'] as string;
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // The promotion is recorded in a log of its own, and the audit judges it by later sessions.
    const lifecycle = readLogs(join(project, '.engram', 'events')).filter((e) => e.type === 'basal-ganglia.instinct.promoted');
    expect(lifecycle.map((e) => e.type === 'basal-ganglia.instinct.promoted' && [e.data.instinctId, e.data.observations, e.at])).toEqual([[gre, 30, after7]]);
    const stats = () => json(engram(['memory', 'stats', '--home', home, '--project', project, '--json']).stdout)['promotionPrecision'];
    expect(stats()).toEqual({ promoted: 1, judged: 0, recurred: 0, rate: null });
    const w = new JsonlLogWriter(join(project, '.engram', 'events', '20260314_090000_0008.jsonl'), '20260314_090000_0008');
    await w.append(toolSession(repeat(GRE, 2), { sessionId: '20260314_090000_0008', start: Date.parse(after7) + DAY_MS }));
    w.close();
    expect(stats()).toEqual({ promoted: 1, judged: 1, recurred: 1, rate: 1 });

    // Sixty days on, nothing was seen again: the decay archives it and its rule leaves the prompt.
    const later = new Date(Date.parse(after7) + 60 * DAY_MS).toISOString();
    const archived = json(engram(['instincts', 'archive', ...roots, '--now', later]).stdout);
    expect((archived['archived'] as { id: string }[]).map((i) => i.id)).toContain(gre);
    expect(readFileSync(rulesFile, 'utf8')).not.toContain('Grep->Read->Edit');
    expect(readLogs(join(project, '.engram', 'events')).filter((e) => e.type === 'basal-ganglia.instinct.archived').map((e) => e.type === 'basal-ganglia.instinct.archived' && e.data.instinctId)).toContain(gre);
    expect(engram(['instincts', 'show', gre, ...roots]).status).toBe(0);
  });

  it('exits 2 on a bad flag value and 1 for an unknown instinct', async () => {
    const { home, project } = await writeLogs();
    expect(engram(['instincts', 'analyze', '--home', home, '--project', project, '--scope', 'nowhere']).status).toBe(2);
    expect(engram(['instincts', 'show', 'basal-ganglia.chain.X', '--home', home, '--project', project]).status).toBe(1);
  });
});
