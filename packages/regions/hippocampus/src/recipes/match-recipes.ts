import { matchesToolTarget, normalizeToolTarget } from '@engram/kernel';
import type { StoredRecipe } from './stored-recipe.js';

/** A call about to be made: its tool and the target read from its input (`toolTarget`), if any. */
export interface PendingCall {
  readonly tool: string;
  readonly target: string | null;
}

/**
 * The recipes whose trigger matches a pending call: same tool, and the call's target is the
 * trigger's exact target, one it was learned on, or a file of its kind (`*.cbl`). Strongest
 * first, then the most recently learned, then by id so the order is total. Pure.
 */
export const matchRecipes = (recipes: readonly StoredRecipe[], call: PendingCall): StoredRecipe[] => {
  if (call.target === null || call.target.trim() === '') return [];
  const target = call.target;
  const exact = normalizeToolTarget(target);
  return recipes
    .filter((r) => r.trigger.tool === call.tool && (matchesToolTarget(r.trigger.target, target) || r.targets.some((t) => normalizeToolTarget(t) === exact)))
    .sort((a, b) => b.confidence - a.confidence || Date.parse(b.lastSeen) - Date.parse(a.lastSeen) || (a.recipeId < b.recipeId ? -1 : a.recipeId > b.recipeId ? 1 : 0));
};
