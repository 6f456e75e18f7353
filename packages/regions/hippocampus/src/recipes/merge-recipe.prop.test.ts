import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RECIPE_TARGETS, mergeRecipe } from './merge-recipe.js';
import { learnedRecipe } from './recipe-fixtures.test-helper.js';
import type { StoredRecipe } from './stored-recipe.js';

/** A run of sightings: which recipe (of three), which session (of three), which file. */
const sightings = fc.array(fc.record({ recipe: fc.nat(2), session: fc.nat(2), file: fc.constantFrom('a.cbl', 'b.cbl', 'c.cbl', 'd.cbl', 'e.cbl', 'f.cbl') }), { maxLength: 30 });

const fold = (list: readonly { recipe: number; session: number; file: string }[]): StoredRecipe[] =>
  list.reduce<StoredRecipe[]>(
    (acc, s, i) => mergeRecipe(acc, learnedRecipe({ recipeId: `r${s.recipe}` }, s.file), { at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), sessionId: `s${s.session}` }).recipes,
    [],
  );

describe('mergeRecipe properties', () => {
  it('never duplicates: one stored recipe per id, counting every sighting', () => {
    fc.assert(
      fc.property(sightings, (list) => {
        const stored = fold(list);
        expect(new Set(stored.map((r) => r.recipeId)).size).toBe(stored.length);
        for (const r of stored) expect(r.count).toBe(list.filter((s) => `r${s.recipe}` === r.recipeId).length);
      }),
    );
  });

  it('confidence rises once per distinct session, never beyond 1, and targets stay bounded', () => {
    fc.assert(
      fc.property(sightings, (list) => {
        for (const r of fold(list)) {
          const sessions = new Set(list.filter((s) => `r${s.recipe}` === r.recipeId).map((s) => s.session)).size;
          expect(r.confidence).toBeCloseTo(Math.min(1, 0.4 + 0.2 * (sessions - 1)), 9);
          expect(r.targets.length).toBeLessThanOrEqual(MAX_RECIPE_TARGETS);
        }
      }),
    );
  });
});
