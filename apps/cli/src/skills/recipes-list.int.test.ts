import { FileRecipeStore, type LearnedRecipe } from '@engram/hippocampus';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runSkillsList } from './run-skills-list.js';

/** `engram skills list` in-process, with real files: recovery recipes get their own section. */
let dir: string;
let home: string;
let out: string;
let err: string;
const io = { out: (t: string) => void (out += t), err: (t: string) => void (err += t) };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engram-skills-recipes-'));
  home = join(dir, 'home');
  out = '';
  err = '';
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cobol: LearnedRecipe = {
  recipeId: 'basal-ganglia.recipe.encoding.0123456789ab',
  trigger: { errorClass: 'encoding', signature: "'utf-8' codec can't decode byte Q", tool: 'Read', target: { exact: 'src/PAYROLL.cbl', glob: '*.cbl' } },
  steps: [{ tool: 'Read', hint: "encoding: 'latin-1'" }],
  evidence: { failedToolUseId: 'toolu_1', succeededToolUseId: 'toolu_2' },
  confidence: 0.4,
};
const orders: LearnedRecipe = {
  recipeId: 'basal-ganglia.recipe.timeout.ba9876543210',
  trigger: { errorClass: 'timeout', signature: 'statement timeout', tool: 'Query', target: { exact: 'orders', glob: null } },
  steps: [
    { tool: 'Analyze', hint: '' },
    { tool: 'Query', hint: 'limit: 1000' },
  ],
  evidence: { failedToolUseId: 'toolu_3', succeededToolUseId: 'toolu_4' },
  confidence: 0.4,
};

const skillsRoot = () => join(home, 'skills');
const addSkill = () => {
  mkdirSync(join(skillsRoot(), 'csv-summary'), { recursive: true });
  writeFileSync(join(skillsRoot(), 'csv-summary', 'SKILL.md'), '---\nname: csv-summary\ndescription: Summarise a CSV\n---\n1. Read it.\n');
};

describe('engram skills list with recovery recipes', () => {
  it('lists the recipes after the skills, strongest first, and --json includes them', async () => {
    addSkill();
    const store = new FileRecipeStore({ root: skillsRoot() });
    await store.record(cobol, { at: '2026-11-22T03:15:00.000Z', sessionId: 's1' });
    await store.record(orders, { at: '2026-11-22T03:16:00.000Z', sessionId: 's1' });
    await store.record(cobol, { at: '2026-11-22T03:17:00.000Z', sessionId: 's2' });

    expect(await runSkillsList({ home }, io)).toBe(0);
    expect(err).toBe('');
    expect(out).toBe(
      [
        'csv-summary  Summarise a CSV',
        '',
        `recovery recipes (${join(skillsRoot(), 'recipes.json')}):`,
        "- Known recovery for encoding on *.cbl with Read: 1. Read with encoding: 'latin-1' (confidence 0.60, learned 2 times)  [basal-ganglia.recipe.encoding.0123456789ab]",
        '- Known recovery for timeout on orders with Query: 1. Analyze 2. Query with limit: 1000 (confidence 0.40)  [basal-ganglia.recipe.timeout.ba9876543210]',
        '',
      ].join('\n'),
    );

    out = '';
    expect(await runSkillsList({ home, json: true }, io)).toBe(0);
    const listed = JSON.parse(out) as { skills: { label: string }[]; recipes: { recipeId: string; count: number }[]; recipeProblems: unknown[] };
    expect(listed.skills.map((s) => s.label)).toEqual(['csv-summary']);
    expect(listed.recipes.map((r) => [r.recipeId, r.count])).toEqual([
      [cobol.recipeId, 2],
      [orders.recipeId, 1],
    ]);
    expect(listed.recipeProblems).toEqual([]);
  });

  it('prints the skills alone when there are no recipes (as before)', async () => {
    addSkill();
    expect(await runSkillsList({ home }, io)).toBe(0);
    expect(out).toBe('csv-summary  Summarise a CSV\n');
  });

  it('reports a hand-broken recipes file by file and field, and still lists the rest', async () => {
    const store = new FileRecipeStore({ root: skillsRoot() });
    await store.record(cobol, { at: '2026-11-22T03:15:00.000Z', sessionId: 's1' });
    const file = join(skillsRoot(), 'recipes.json');
    const good = (JSON.parse(readFileSync(file, 'utf8')) as { recipes: object[] }).recipes[0];
    writeFileSync(file, JSON.stringify({ engramRecipes: 1, recipes: [good, { ...good, recipeId: 'r2', confidence: 7 }] }));
    expect(await runSkillsList({ home }, io)).toBe(0);
    expect(out).toContain(`no skills in ${skillsRoot()}\n`);
    expect(out).toContain('Known recovery for encoding on *.cbl with Read');
    expect(err).toMatch(new RegExp(`^note: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: recipes\\[1\\]\\.confidence: `));
  });
});
