import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileRecipeStore, RecipeFileError } from './file-recipe-store.js';
import { learnedRecipe } from '../recipes/recipe-fixtures.test-helper.js';

let home: string;
let root: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'engram-recipes-'));
  root = join(home, 'skills');
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const store = () => new FileRecipeStore({ root });
const at = (s: number) => new Date(Date.UTC(2026, 10, 22, 3, 15, s)).toISOString();
const fileText = () => readFileSync(join(root, 'recipes.json'), 'utf8');

describe('FileRecipeStore', () => {
  it('writes <skills>/recipes.json private (0600 in a 0700 folder) and lists what it wrote', async () => {
    const s = store();
    expect(s.list()).toEqual({ recipes: [], problems: [] });
    const { outcome } = await s.record(learnedRecipe(), { at: at(0), sessionId: 's1' });
    expect(outcome).toBe('added');
    expect(statSync(s.file).mode & 0o777).toBe(0o600);
    expect(statSync(root).mode & 0o777).toBe(0o700);
    expect(JSON.parse(fileText())).toMatchObject({ engramRecipes: 1, recipes: [{ recipeId: 'basal-ganglia.recipe.encoding.aaaaaaaaaaaa', count: 1, confidence: 0.4 }] });
    expect(store().list().recipes.map((r) => [r.recipeId, r.targets])).toEqual([['basal-ganglia.recipe.encoding.aaaaaaaaaaaa', ['src/PAYROLL.cbl']]]);
  });

  it('merges a re-learned recipe: count and lastSeen always, confidence only for a new session', async () => {
    const s = store();
    await s.record(learnedRecipe(), { at: at(0), sessionId: 's1' });
    await s.record(learnedRecipe({}, 'lib/TAX.CBL'), { at: at(5), sessionId: 's1' });
    const sameSession = s.list().recipes[0];
    expect(sameSession).toMatchObject({ count: 2, confidence: 0.4, lastSeen: at(5), targets: ['src/PAYROLL.cbl', 'lib/TAX.CBL'] });
    const { outcome, recipe } = await s.record(learnedRecipe(), { at: at(9), sessionId: 's2' });
    expect(outcome).toBe('merged');
    expect(recipe).toMatchObject({ count: 3, confidence: 0.6, sessions: ['s1', 's2'], firstSeen: at(0), lastSeen: at(9) });
    expect(s.list().recipes).toHaveLength(1);
  });

  it('keeps concurrent records of one process, each under the lock', async () => {
    const s = store();
    await Promise.all(Array.from({ length: 12 }, (_, i) => s.record(learnedRecipe({ recipeId: `basal-ganglia.recipe.encoding.${String(i).padStart(12, '0')}` }), { at: at(i), sessionId: `s${i}` })));
    expect(store().list().recipes).toHaveLength(12);
  });

  it('reports a broken file with file and field, and refuses to write over it (nothing lost)', async () => {
    const s = store();
    await s.record(learnedRecipe(), { at: at(0), sessionId: 's1' });
    const doc = JSON.parse(fileText()) as { recipes: Record<string, unknown>[] };
    const good = doc.recipes[0] ?? {};
    const handEdited = { engramRecipes: 1, recipes: [{ ...good, note: 'checked by hand' }, { ...good, recipeId: 'r2', trigger: { ...(good['trigger'] as object), errorClass: 'cosmic-rays' } }] };
    writeFileSync(s.file, JSON.stringify(handEdited));
    const listed = s.list();
    expect(listed.recipes.map((r) => r.recipeId)).toEqual(['basal-ganglia.recipe.encoding.aaaaaaaaaaaa']);
    expect(listed.problems).toEqual([{ file: s.file, field: 'recipes[1].trigger.errorClass', reason: expect.any(String) as string }]);
    const before = fileText();
    const refused = s.record(learnedRecipe({ recipeId: 'r3' }), { at: at(1), sessionId: 's1' });
    await expect(refused).rejects.toBeInstanceOf(RecipeFileError);
    await expect(refused).rejects.toThrow(`${s.file}: recipes[1].trigger.errorClass`);
    expect(fileText()).toBe(before);

    writeFileSync(s.file, '{"engramRecipes": 1, "recipes": [');
    expect(s.list().problems).toEqual([{ file: s.file, field: null, reason: expect.stringMatching(/^not valid JSON/) as string }]);
  });

  it('keeps fields added by hand through a rewrite, and scrubs secrets before writing', async () => {
    const s = store();
    await s.record(learnedRecipe(), { at: at(0), sessionId: 's1' });
    const doc = JSON.parse(fileText()) as { recipes: Record<string, unknown>[] };
    writeFileSync(s.file, JSON.stringify({ ...doc, recipes: doc.recipes.map((r) => ({ ...r, note: 'checked by hand' })) }));
    const key = `sk-ant-api03-${'x'.repeat(90)}`;
    await s.record(learnedRecipe({ recipeId: 'r2', steps: [{ tool: 'Fetch', hint: `header: 'Bearer ${key}'` }] }), { at: at(1), sessionId: 's1' });
    const text = fileText();
    expect(text).toContain('"note": "checked by hand"');
    expect(text).not.toContain(key);
  });

  it.skipIf(process.getuid?.() === 0)('reports an unreadable file as a problem instead of failing the listing (skipped as root, who reads anything)', () => {
    const s = store();
    const blocked = new FileRecipeStore({ root: home });
    writeFileSync(blocked.file, '{}');
    chmodSync(blocked.file, 0o000);
    expect(blocked.list().problems[0]?.reason).toMatch(/^cannot read/);
    expect(s.list().problems).toEqual([]);
  });
});
