import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOSTILE } from './memory-texts.corpus.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'apps/cli/bin/engram.js');
const built = existsSync(join(ROOT, 'apps/cli/dist/memory/run-memory-import.js'));
if (!built && process.env['CI'] === 'true') throw new Error('tests/quarantine: the CLI is not built; npm test builds it before the e2e suites');

const engram = (args: readonly string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' }, cwd: ROOT, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

/** Six hostile texts of different reasons that a lessons file can hold on one line each. */
const SIX = [0, 9, 17, 21, 25, 30].map((i) => HOSTILE[i]?.text ?? '');
const HONEST = 'The sales files are in data/raw, one CSV per month.';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'engram-import-screen-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!built)('engram memory import passes the write-time screen', () => {
  it('holds the hostile lessons of an imported folder in the quarantine: none reaches memory context; the honest one is stored', () => {
    for (const t of SIX) expect(t).not.toMatch(/[\n<]/);
    const anton = join(dir, 'anton');
    mkdirSync(join(anton, 'memory'), { recursive: true });
    writeFileSync(join(anton, 'memory', 'lessons.md'), `# Lessons\n${[...SIX, HONEST].map((t) => `- ${t}\n`).join('')}`);
    const roots = ['--home', join(dir, 'home'), '--project', join(dir, 'project')];
    const r = engram(['memory', 'import', '--from-anton', anton, '--scope', 'project', '--json', ...roots]);
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { memory: { counts: Record<string, number> } }).memory.counts).toEqual({ added: 1, quarantined: 6 });
    const context = engram(['memory', 'context', ...roots]);
    expect(context.status).toBe(0);
    expect(context.stdout).toContain(HONEST);
    const reached = SIX.filter((t) => context.stdout.includes(t.slice(0, 40)));
    expect(reached).toEqual([]);
    const held = engram(['memory', 'quarantine', 'list', '--json', ...roots]);
    expect(held.status).toBe(0);
    const items = JSON.parse(held.stdout) as { engram: { text: string }; trust: string }[];
    expect(items.map((i) => i.engram.text).sort()).toEqual([...SIX].sort());
    expect(new Set(items.map((i) => i.trust))).toEqual(new Set(['quoted']));
    // Text output says where they went; a second import holds nothing twice.
    const again = engram(['memory', 'import', '--from-anton', anton, '--scope', 'project', ...roots]);
    expect(again.stdout).toMatch(/6 held for review \(engram memory quarantine list\)/);
    expect(JSON.parse(engram(['memory', 'quarantine', 'list', '--json', ...roots]).stdout) as unknown[]).toHaveLength(6);
  });
});
