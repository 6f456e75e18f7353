import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordSession } from '../cli-memory/record-session.js';
import { ROOT, built, engram } from './engram-with-skills.js';

const CASSETTE = join(ROOT, 'tests/fixtures/skills/skill-draft.cassette.json');

let dir: string;
let home: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engram-skills-e2e-'));
  home = join(dir, 'home');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!built)('engram skills (built CLI)', () => {
  it('drafts a skill from a recorded session through the model, shows it, saves it, and suffixes a taken label', async () => {
    const { log, sessionId } = await recordSession(home, join(dir, 'proj'));
    const args = ['skills', 'save', '--from', log, '--llm', `scripted:${CASSETTE}`, '--home', home, '--project', join(dir, 'proj')];
    const first = engram(args);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('name: csv-summary');
    expect(first.stdout).toContain("1. Read the file with pandas; if it fails with UnicodeDecodeError, read it again with encoding='latin-1'.");
    expect(first.stdout).toContain(`saved skill csv-summary in ${join(home, 'skills', 'csv-summary')}`);
    const md = readFileSync(join(home, 'skills', 'csv-summary', 'SKILL.md'), 'utf8');
    expect(md).toContain(`provenance: session:${sessionId}`);
    expect(md).toContain('description: Summarise a CSV file by one of its columns. A user asks for totals');
    expect(existsSync(join(home, 'skills', 'csv-summary', 'stats.json'))).toBe(true);

    const second = JSON.parse(engram([...args, '--json']).stdout) as { saved: boolean; label: string; draft: { steps: string[] } };
    expect(second).toMatchObject({ saved: true, label: 'csv-summary-2' });
    expect(second.draft.steps).toHaveLength(3);

    const hinted = JSON.parse(engram([...args, '--name', '../../Etc Passwd', '--dry-run', '--json']).stdout) as { saved: boolean; label: string };
    expect(hinted).toEqual(expect.objectContaining({ saved: false, label: 'etc-passwd' }));
    expect(existsSync(join(home, 'skills', 'etc-passwd'))).toBe(false);
  });

  it('saves nothing when the model has no answer (exit 1) and needs --from (exit 2)', async () => {
    const { log } = await recordSession(home, join(dir, 'proj'));
    const empty = join(dir, 'empty.cassette.json');
    writeFileSync(empty, JSON.stringify({ engramCassette: 1, note: 'no entries', models: { planning: 'p', coding: 'c' }, entries: [] }));
    const r = engram(['skills', 'save', '--from', log, '--llm', `scripted:${empty}`, '--home', home]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/cassette/i);
    // No skill folder was written (the session itself may have stored a recovery recipe beside them).
    expect(existsSync(join(home, 'skills')) ? readdirSync(join(home, 'skills')).filter((f) => f !== 'recipes.json') : []).toEqual([]);
    expect(engram(['skills', 'save', '--home', home]).status).toBe(2);
    expect(engram(['skills', 'save', '--from', join(dir, 'nope.jsonl'), '--home', home]).status).toBe(2);
  });

  it('lists, shows (typo tolerant) and removes skills; hostile labels are refused with exit 2', () => {
    const skill = join(home, 'skills', 'csv-summary');
    mkdirSync(skill, { recursive: true });
    writeFileSync(join(skill, 'SKILL.md'), '---\nname: csv-summary\ndescription: Summarise a CSV\n---\n1. Read it.\n');
    const victim = join(dir, 'victim');
    mkdirSync(victim);
    writeFileSync(join(victim, 'keep.txt'), 'keep');

    expect(engram(['skills', 'list', '--home', home]).stdout).toBe('csv-summary  Summarise a CSV\n');
    const listed = JSON.parse(engram(['skills', 'list', '--json', '--home', home]).stdout) as { skills: { label: string }[] };
    expect(listed.skills.map((s) => s.label)).toEqual(['csv-summary']);
    const shown = engram(['skills', 'show', 'csv_sumary', '--home', home]);
    expect(shown.status).toBe(0);
    expect(shown.stderr).toContain('closest match "csv-summary"');
    expect(shown.stdout).toContain('1. Read it.');
    expect(engram(['skills', 'show', 'xyzzy', '--home', home]).status).toBe(1);

    for (const hostile of ['../victim', '/etc', '', '..', `${'a'.repeat(200)}`, 'a/../../victim']) {
      const r = engram(['skills', 'remove', hostile, '--home', home]);
      expect(r.status, hostile).toBe(2);
      expect(r.stderr, hostile).toContain('refused');
    }
    for (const hostile of ['../victim', '/etc']) expect(engram(['skills', 'show', hostile, '--home', home]).status, hostile).toBe(2);
    expect(existsSync(join(victim, 'keep.txt'))).toBe(true);
    expect(engram(['skills', 'remove', 'csv-sumary', '--home', home]).status).toBe(1);
    expect(existsSync(skill)).toBe(true);
    expect(engram(['skills', 'remove', 'csv-summary', '--home', home]).stdout).toMatch(/^removed csv-summary/);
    expect(existsSync(skill)).toBe(false);
    expect(engram(['skills', 'list', '--home', home]).stdout).toContain('no skills in');
  });
});
