import type { Awaitable } from '@engram/kernel';
import type { LearnedRecipe, RecipeSighting } from './merge-recipe.js';
import type { RecipeProblem, StoredRecipe } from './stored-recipe.js';

/**
 * Recovery recipes' storage port: the recipes as stored, and `record`, which merges a re-learned
 * recipe into the one of its id (`mergeRecipe`) as one step across processes, scrubbed first, and
 * `remove`, which forgetting uses to take recipes out by id.
 * `recipeStoreContract` (`@engram/hippocampus/testing`) states it for every backend.
 */
export interface RecipeStore {
  /** Where the recipes are, for messages: a file, or `postgres:TENANT/recipes`. */
  readonly location: string;
  list(): Awaitable<{ readonly recipes: readonly StoredRecipe[]; readonly problems: readonly RecipeProblem[] }>;
  record(learned: LearnedRecipe, sighting: RecipeSighting): Promise<{ readonly recipe: StoredRecipe; readonly outcome: 'added' | 'merged' }>;
  /** Takes the recipes of these ids out (`engram memory forget`), as one step across processes; an unknown id is skipped. Resolves to the ids removed. */
  remove(ids: readonly string[]): Promise<readonly string[]>;
}
