import { describe, expect, it } from 'vitest';
import { matchRecipes } from './match-recipes.js';
import { storedRecipe } from './recipe-fixtures.test-helper.js';

const csv = storedRecipe({
  recipeId: 'csv',
  trigger: { errorClass: 'encoding', signature: 's', tool: 'Read', target: { exact: 'data/sales.csv', glob: '*.csv' } },
  confidence: 0.4,
});

describe('matchRecipes', () => {
  it('matches the same tool on the exact target, a target it was learned on, or a file of its kind', () => {
    const cbl = storedRecipe({ targets: ['src/PAYROLL.cbl', 'legacy/OLD.cbl'] });
    const table = storedRecipe({ recipeId: 'table', trigger: { errorClass: 'timeout', signature: 's', tool: 'Query', target: { exact: 'orders', glob: null } } });
    const all = [cbl, csv, table];
    expect(matchRecipes(all, { tool: 'Read', target: './src/PAYROLL.cbl' }).map((r) => r.recipeId)).toEqual([cbl.recipeId]);
    expect(matchRecipes(all, { tool: 'Read', target: '/elsewhere/NEW.CBL' }).map((r) => r.recipeId)).toEqual([cbl.recipeId]);
    expect(matchRecipes(all, { tool: 'Query', target: 'orders' }).map((r) => r.recipeId)).toEqual(['table']);
    expect(matchRecipes(all, { tool: 'Query', target: 'orders_2024' })).toEqual([]);
    expect(matchRecipes(all, { tool: 'Edit', target: 'src/PAYROLL.cbl' })).toEqual([]);
    expect(matchRecipes(all, { tool: 'Read', target: null })).toEqual([]);
  });

  it('ranks by confidence, then by the most recently learned, then by id', () => {
    const old = { ...csv, recipeId: 'b-old', confidence: 0.8, lastSeen: '2026-11-01T00:00:00.000Z' };
    const recent = { ...csv, recipeId: 'c-recent', confidence: 0.8, lastSeen: '2026-11-20T00:00:00.000Z' };
    const twin = { ...recent, recipeId: 'a-twin' };
    const weak = { ...csv, recipeId: 'd-weak', confidence: 0.4, lastSeen: '2026-11-21T00:00:00.000Z' };
    expect(matchRecipes([weak, old, recent, twin], { tool: 'Read', target: 'x.csv' }).map((r) => r.recipeId)).toEqual(['a-twin', 'c-recent', 'b-old', 'd-weak']);
  });
});
