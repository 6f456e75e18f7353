import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordSession } from './record-session.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'apps/cli/bin/engram.js');
const ANTON = join(ROOT, 'tests/fixtures/anton-home/.anton');
const built = existsSync(join(ROOT, 'apps/cli/dist/memory/run-memory-why.js'));
if (!built && process.env['CI'] === 'true') throw new Error('tests/cli-memory: the CLI is not built; npm test builds it before the e2e suites');

const engram = (args: readonly string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' }, cwd: ROOT, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

interface Why {
  entries: { text: string; store: string }[];
  provenance: { sessionId: string; turn: number; userMessage: string | null; chain: { type: string }[]; evidence: { type: string; summary: string }[] }[];
}

let dir: string;
let home: string;
let project: string;
let roots: string[];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engram-memory-prov-'));
  home = join(dir, 'home');
  project = join(dir, 'proj');
  roots = ['--home', home, '--project', project];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!built)('engram memory why / reindex / import, engram log prune (built CLI)', () => {
  it('traces a cerebellum lesson and an ACC rule back through their causes in a real session log', async () => {
    const { sessionId } = await recordSession(home, project);
    const lesson = JSON.parse(engram(['memory', 'why', 'encoding error', '--json', ...roots]).stdout) as Why;
    expect(lesson.entries.map((e) => e.store)).toEqual(['project']);
    expect(lesson.provenance).toHaveLength(1);
    const [p] = lesson.provenance;
    expect(p).toMatchObject({ sessionId, turn: 1, userMessage: 'Summarise sales.csv by region' });
    expect(p?.chain.map((s) => s.type)).toEqual(['hippocampus.engram.encoded', 'cortex.engram.proposed', 'cerebellum.lesson.learned', 'executive.turn.completed']);
    expect(p?.evidence.map((s) => s.type)).toEqual(['scratchpad.cell.requested', 'scratchpad.cell.executed']);
    expect(p?.evidence[1]?.summary).toContain('UnicodeDecodeError');

    const rule = engram(['memory', 'why', "When a tool call fails, don't retry", ...roots]);
    expect(rule.status).toBe(0);
    expect(rule.stdout).toMatch(/entry \S+ \[global when/);
    expect(rule.stdout).toContain(`session ${sessionId}, turn 1`);
    expect(rule.stdout).toContain('<- #');
    expect(rule.stdout).toContain('acc.lesson.detected  detect_repeated_tool_error');
    expect(rule.stdout).toMatch(/evidence #\d+ executive\.tool\.resulted {2}publish failed: Refusing to save record for engine='gmail-1'/);

    expect(engram(['memory', 'why', 'nothing like this anywhere', ...roots]).status).toBe(1);
    expect(engram(['memory', 'why', '  ', ...roots]).status).toBe(2);
  });

  it('reindexes episodes and prunes old logs and episodes, with --dry-run first, touching nothing else', async () => {
    await recordSession(home, project);
    const episodes = join(project, '.engram', 'episodes');
    mkdirSync(episodes, { recursive: true });
    cpSync(join(ANTON, 'episodes', '20260301_090000.jsonl'), join(episodes, '20200301_090000.jsonl'));
    cpSync(join(ANTON, 'episodes', 'zzz.jsonl'), join(episodes, 'zzz.jsonl'));
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(join(episodes, 'zzz.jsonl'), old, old);
    mkdirSync(join(home, 'events'), { recursive: true });
    writeFileSync(join(home, 'events', '20190101_000000_abcd.jsonl'), '');
    writeFileSync(join(home, 'events', '20190101_000000_abcd.jsonl.resume'), 'a copy of its events');
    writeFileSync(join(home, 'events', 'notes.txt'), 'not a log');
    const outside = join(dir, 'outside.jsonl');
    writeFileSync(outside, '');
    utimesSync(outside, old, old);
    symlinkSync(outside, join(home, 'events', 'link.jsonl'));

    const reindexed = JSON.parse(engram(['memory', 'reindex', '--json', ...roots]).stdout) as { episodesAdded: number; filesRead: number };
    expect(reindexed.filesRead).toBeGreaterThanOrEqual(2);
    expect(reindexed.episodesAdded).toBeGreaterThan(0);

    const dry = engram(['log', 'prune', '--older-than', '30', '--dry-run', ...roots]);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain('3 files would be removed');
    expect(dry.stdout).toContain(`would remove ${join(episodes, 'zzz.jsonl')}`);
    expect(readdirSync(episodes)).toContain('zzz.jsonl');

    const done = JSON.parse(engram(['log', 'prune', '--older-than', '30', '--json', ...roots]).stdout) as { removed: string[] };
    expect(done.removed.sort()).toEqual([join(episodes, '20200301_090000.jsonl'), join(episodes, 'zzz.jsonl'), join(home, 'events', '20190101_000000_abcd.jsonl')].sort());
    expect(existsSync(outside)).toBe(true);
    expect(existsSync(join(home, 'events', 'notes.txt'))).toBe(true);
    expect(existsSync(join(home, 'events', '20190101_000000_abcd.jsonl.resume'))).toBe(false);
    expect(readdirSync(join(project, '.engram', 'events'))).toHaveLength(1);
    expect(engram(['log', 'prune', ...roots]).status).toBe(2);
  });

  it('imports an Anton tree: memory through the stores (deduped), episodes and skills copied, nothing overwritten', () => {
    const anton = join(dir, 'anton');
    cpSync(ANTON, anton, { recursive: true });
    mkdirSync(join(anton, 'memory'));
    writeFileSync(join(anton, 'memory', 'rules.md'), '# Rules\n\n## Always\n- Pin versions <!-- confidence:high source:user ts:2026-02-01 -->\n\n## Never\n\n## When\n- When a CSV fails to load, try latin-1 <!-- confidence:medium source:llm ts:2026-02-02 -->\n');
    writeFileSync(join(anton, 'memory', 'lessons.md'), '# Lessons\n- The sales API pages at 100 rows <!-- topic:api ts:2026-02-03 -->\n');
    writeFileSync(join(anton, 'memory', 'profile.md'), '# Profile\n- Name: Ada\n');
    const usage = { total_recalls: 12, stage_1: { recommended: 9, used: 4, last_used: '2026-02-20T10:00:00.000000+00:00', confidence: 0.44 }, stage_2: { recommended: 3, used: 2, last_used: '2026-02-21T10:00:00.000000+00:00', confidence: 0.67 } };
    writeFileSync(join(anton, 'skills', 'old-plotting', 'stats.json'), JSON.stringify(usage));
    expect(engram(['memory', 'add', '--kind', 'always', '--scope', 'global', 'Pin versions', ...roots]).status).toBe(0);
    const skillDir = join(home, 'skills', 'csv-summary');
    mkdirSync(skillDir, { recursive: true });
    writeFileSync(join(skillDir, 'SKILL.md'), '---\nname: csv-summary\ndescription: mine\n---\nmine\n');

    const r = engram(['memory', 'import', '--from-anton', anton, '--scope', 'global', '--json', ...roots]);
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as { memory: { counts: Record<string, number> }; episodes: { copied: string[] }; skills: { imported: string[]; skipped: { label: string; reason: string }[] } };
    expect(report.memory.counts).toEqual({ added: 3, duplicate: 1 });
    expect(report.episodes.copied.sort()).toEqual(['20260227_143052.jsonl', '20260301_090000.jsonl', 'zzz.jsonl']);
    expect(report.skills.imported.sort()).toEqual(['bar-chart', 'web-scraper', 'yaml-quirks']);
    expect(report.skills.skipped.map((s) => s.label).sort()).toEqual(['broken-skill', 'csv-summary']);
    expect(readFileSync(join(skillDir, 'SKILL.md'), 'utf8')).toContain('mine');
    expect(existsSync(join(home, 'skills', 'web-scraper', 'scripts', 'scrape.py'))).toBe(true);
    // Anton's usage counters survive the import (stats.json copied, not zeroed).
    expect(JSON.parse(readFileSync(join(home, 'skills', 'bar-chart', 'stats.json'), 'utf8'))).toMatchObject(usage);
    // ... and every entry keeps its date, not the import's.
    const globalRules = readFileSync(join(home, 'memory', 'rules.md'), 'utf8');
    expect(globalRules).toMatch(/When a CSV fails to load, try latin-1 <!--.*ts:2026-02-02 at:2026-02-02T00:00:00\.000Z/);
    expect(readFileSync(join(home, 'memory', 'lessons.md'), 'utf8')).toMatch(/The sales API pages at 100 rows <!--.*ts:2026-02-03/);

    const shown = JSON.parse(engram(['memory', 'show', '--json', ...roots]).stdout) as { global: { rules: { text: string }[]; lessons: { text: string; topic: string }[]; identities: { text: string }[] } };
    expect(shown.global.rules.map((e) => e.text).sort()).toEqual(['Pin versions', 'When a CSV fails to load, try latin-1']);
    expect(shown.global.lessons).toEqual([expect.objectContaining({ text: 'The sales API pages at 100 rows', topic: 'api' })]);
    expect(shown.global.identities.map((e) => e.text)).toEqual(['Name: Ada']);

    const again = JSON.parse(engram(['memory', 'import', '--from-anton', dir + '/anton', '--scope', 'global', '--json', ...roots]).stdout) as { memory: { counts: Record<string, number> }; episodes: { copied: string[] }; skills: { imported: string[] } };
    expect(again.memory.counts).toEqual({ duplicate: 4 });
    expect(again.episodes.copied).toEqual([]);
    expect(again.skills.imported).toEqual([]);
    const recalled = engram(['memory', 'reindex', ...roots]);
    expect(recalled.stdout).toMatch(/reindexed \d+ episodes from 3 files/);
    expect(engram(['memory', 'import', '--from-anton', join(dir, 'missing'), ...roots]).status).toBe(2);
  });
});
