import { describe, expect, it } from 'vitest';
import type { LearnedRecipe } from '../recipes/merge-recipe.js';
import type { RecipeStore } from '../recipes/recipe-store.js';

/** Storage a recipe contract test writes to: every `open` is a new store over the same storage, `close` releases it all. */
export interface RecipeStoreHarness {
  readonly open: () => RecipeStore;
  readonly close: () => Promise<void>;
}

const KEY = ['ghp_', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'].join('');
/** Concurrent records in the race test (two store objects): a lost update shows as a lower count. */
const CONCURRENT_RECORDS = 10;

const learned = (over: Partial<LearnedRecipe> = {}): LearnedRecipe => ({
  recipeId: 'basal-ganglia.recipe.encoding.aaaaaaaaaaaa',
  trigger: { errorClass: 'encoding', signature: "'utf-8' codec can't decode byte Q", tool: 'Read', target: { exact: 'src/PAYROLL.cbl', glob: '*.cbl' } },
  steps: [{ tool: 'Read', hint: "encoding: 'latin-1'" }],
  evidence: { failedToolUseId: 'toolu_1', succeededToolUseId: 'toolu_2' },
  confidence: 0.4,
  ...over,
});

/**
 * What every `RecipeStore` backend must do (recipes.json and PostgreSQL alike): record, merge a
 * re-learned recipe into the one of its id (confidence rises once per new session), remove by id, scrub, and
 * lose no update when processes record at once.
 */
export const recipeStoreContract = (name: string, fresh: () => Promise<RecipeStoreHarness>) => {
  const withStore = async (f: (h: RecipeStoreHarness) => Promise<void>): Promise<void> => {
    const h = await fresh();
    try {
      await f(h);
    } finally {
      await h.close();
    }
  };

  describe(`RecipeStore contract: ${name}`, () => {
    it('is empty at first', () =>
      withStore(async (h) => {
        expect(await h.open().list()).toEqual({ recipes: [], problems: [] });
      }));

    it('records a recipe that another store object lists, and merges the same id learned again', () =>
      withStore(async (h) => {
        const s = h.open();
        const first = await s.record(learned(), { at: '2026-11-22T03:15:00.000Z', sessionId: 's1' });
        expect(first.outcome).toBe('added');
        expect(first.recipe).toMatchObject({ count: 1, sessions: ['s1'], confidence: 0.4, firstSeen: '2026-11-22T03:15:00.000Z' });
        const same = await h.open().record(learned(), { at: '2026-11-22T04:00:00.000Z', sessionId: 's1' });
        expect(same.outcome).toBe('merged');
        expect(same.recipe.confidence).toBe(0.4);
        const next = await h.open().record(learned({ trigger: { ...learned().trigger, target: { exact: 'src/TAX.cbl', glob: '*.cbl' } } }), { at: '2026-11-23T04:00:00.000Z', sessionId: 's2' });
        expect(next.recipe).toMatchObject({ count: 3, sessions: ['s1', 's2'], targets: ['src/PAYROLL.cbl', 'src/TAX.cbl'], lastSeen: '2026-11-23T04:00:00.000Z' });
        expect(next.recipe.confidence).toBeCloseTo(0.6, 10);
        const list = await h.open().list();
        expect(list.problems).toEqual([]);
        expect(list.recipes).toEqual([next.recipe]);
      }));

    it('keeps recipes apart by id, listed by id', () =>
      withStore(async (h) => {
        const s = h.open();
        await s.record(learned({ recipeId: 'r.b' }), { at: '2026-11-22T03:15:00.000Z', sessionId: 's1' });
        await s.record(learned({ recipeId: 'r.a' }), { at: '2026-11-22T03:16:00.000Z', sessionId: 's1' });
        expect((await s.list()).recipes.map((r) => r.recipeId)).toEqual(['r.a', 'r.b']);
      }));

    it('removes recipes by id for every store object, skipping ids it does not hold, and records again after', () =>
      withStore(async (h) => {
        const s = h.open();
        for (const id of ['r.a', 'r.b', 'r.c']) await s.record(learned({ recipeId: id }), { at: '2026-11-22T03:15:00.000Z', sessionId: 's1' });
        expect(await h.open().remove(['r.c', 'r.a', 'r.unknown'])).toEqual(['r.a', 'r.c']);
        expect((await h.open().list()).recipes.map((r) => r.recipeId)).toEqual(['r.b']);
        expect(await s.remove(['r.a'])).toEqual([]);
        expect(await s.remove([])).toEqual([]);
        await s.record(learned({ recipeId: 'r.a' }), { at: '2026-11-23T03:15:00.000Z', sessionId: 's2' });
        expect((await h.open().list()).recipes.map((r) => [r.recipeId, r.count])).toEqual([['r.a', 1], ['r.b', 1]]);
      }));

    it('scrubs secrets before storing', () =>
      withStore(async (h) => {
        await h.open().record(learned({ steps: [{ tool: 'Bash', hint: `export GITHUB_TOKEN=${KEY}` }] }), { at: '2026-11-22T03:15:00.000Z', sessionId: 's1' });
        expect(JSON.stringify(await h.open().list())).not.toContain(KEY);
      }));

    it('loses no update when two store objects record the same recipe at once', () =>
      withStore(async (h) => {
        const [a, b] = [h.open(), h.open()];
        await Promise.all(Array.from({ length: CONCURRENT_RECORDS }, (_, i) => (i % 2 === 0 ? a : b).record(learned(), { at: `2026-11-22T03:${String(10 + i)}:00.000Z`, sessionId: `s${i}` })));
        const [r] = (await a.list()).recipes;
        expect(r?.count).toBe(CONCURRENT_RECORDS);
        expect(r?.confidence).toBe(1);
      }));
  });
};
