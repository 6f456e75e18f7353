import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { built, engram } from './engram-with-skills.js';

let dir: string;
let home: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engram-recipes-e2e-'));
  home = join(dir, 'home');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A recipes file as a person might keep or edit it: version marker, one recipe. */
const recipesFile = {
  engramRecipes: 1,
  recipes: [
    {
      recipeId: 'basal-ganglia.recipe.encoding.0123456789ab',
      trigger: { errorClass: 'encoding', signature: "'utf-8' codec can't decode byte Q", tool: 'Read', target: { exact: 'src/PAYROLL.cbl', glob: '*.cbl' } },
      steps: [{ tool: 'Read', hint: "encoding: 'latin-1'" }],
      confidence: 0.6,
      count: 2,
      sessions: ['20261122_031500_ab12', '20261123_091500_cd34'],
      targets: ['src/PAYROLL.cbl'],
      firstSeen: '2026-11-22T03:15:00.000Z',
      lastSeen: '2026-11-23T09:15:00.000Z',
      evidence: { failedToolUseId: 'toolu_1', succeededToolUseId: 'toolu_2' },
    },
  ],
};

describe.skipIf(!built)('engram skills list shows recovery recipes (built CLI)', () => {
  it('prints them in their own section and in --json', () => {
    mkdirSync(join(home, 'skills'), { recursive: true });
    writeFileSync(join(home, 'skills', 'recipes.json'), JSON.stringify(recipesFile));
    const text = engram(['skills', 'list', '--home', home]);
    expect(text.status).toBe(0);
    expect(text.stderr).toBe('');
    expect(text.stdout).toContain(`\nrecovery recipes (${join(home, 'skills', 'recipes.json')}):\n`);
    expect(text.stdout).toContain("- Known recovery for encoding on *.cbl with Read: 1. Read with encoding: 'latin-1' (confidence 0.60, learned 2 times)");
    const json = JSON.parse(engram(['skills', 'list', '--json', '--home', home]).stdout) as { skills: unknown[]; recipes: { recipeId: string }[] };
    expect(json.skills).toEqual([]);
    expect(json.recipes.map((r) => r.recipeId)).toEqual(['basal-ganglia.recipe.encoding.0123456789ab']);
  });
});
