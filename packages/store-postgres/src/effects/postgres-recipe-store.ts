import { mergeRecipe, type LearnedRecipe, type RecipeProblem, type RecipeSighting, type RecipeStore, type StoredRecipe } from '@engram/hippocampus';
import { scrubValue } from '@engram/kernel';
import type { PoolClient } from 'pg';
import { lockedTransaction } from './locked-transaction.js';
import type { PostgresDb } from './open-postgres.js';
import { withReconnect } from './with-reconnect.js';
import { ownTenant } from '../own-tenant.js';

type Queryable = Pick<PoolClient, 'query'>;

const readAll = async (q: Queryable): Promise<StoredRecipe[]> => (await q.query<{ recipe: StoredRecipe }>(`SELECT recipe FROM engram_recipes WHERE ${ownTenant()} ORDER BY recipe_id COLLATE "C"`)).rows.map((r) => r.recipe);

/**
 * Recovery recipes of a tenant in PostgreSQL, answering as recipes.json does: listed by id, a
 * re-learned recipe merged into the one of its id by the same pure `mergeRecipe` (which also keeps
 * at most MAX_RECIPES), scrubbed first, and `remove` deleting by id, all under the tenant's recipes lock so hosts recording at
 * once lose nothing; a `recipes` wake-up goes out in the transaction.
 */
export class PostgresRecipeStore implements RecipeStore {
  readonly location: string;

  constructor(private readonly db: PostgresDb) {
    this.location = `postgres:${db.tenant}/recipes`;
  }

  async list(): Promise<{ readonly recipes: readonly StoredRecipe[]; readonly problems: readonly RecipeProblem[] }> {
    return { recipes: await withReconnect(() => readAll(this.db.pool)), problems: [] };
  }

  record(learned: LearnedRecipe, sighting: RecipeSighting): Promise<{ readonly recipe: StoredRecipe; readonly outcome: 'added' | 'merged' }> {
    const clean = scrubValue(learned) as LearnedRecipe;
    return lockedTransaction(this.db, 'recipes', 'recipes', async (c) => {
      const before = await readAll(c);
      const merged = mergeRecipe(before, clean, sighting);
      const kept = new Set(merged.recipes.map((r) => r.recipeId));
      const dropped = before.filter((r) => !kept.has(r.recipeId)).map((r) => r.recipeId);
      if (dropped.length > 0) await c.query(`DELETE FROM engram_recipes WHERE ${ownTenant()} AND recipe_id = ANY($1::text[])`, [dropped]);
      await c.query(
        'INSERT INTO engram_recipes (recipe_id, recipe) VALUES ($1, $2) ON CONFLICT (tenant, recipe_id) DO UPDATE SET recipe = EXCLUDED.recipe, changed_at = now()',
        [merged.recipe.recipeId, JSON.stringify(merged.recipe)],
      );
      return { value: { recipe: merged.recipe, outcome: merged.outcome }, changed: true };
    });
  }

  /** Deletes the recipes of these ids under the recipes lock; a `recipes` wake-up goes out when any went. */
  remove(ids: readonly string[]): Promise<readonly string[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return lockedTransaction(this.db, 'recipes', 'recipes', async (c) => {
      const r = await c.query<{ recipe_id: string }>(`DELETE FROM engram_recipes WHERE ${ownTenant()} AND recipe_id = ANY($1::text[]) RETURNING recipe_id`, [[...ids]]);
      const removed = r.rows.map((row) => row.recipe_id).sort();
      return { value: removed, changed: removed.length > 0 };
    });
  }
}
