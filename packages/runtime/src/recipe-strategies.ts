import type { StrategyItem } from '@engram/cortex';
import { formatRecipe, matchRecipes, type StoredRecipe } from '@engram/hippocampus';

/**
 * The stored recovery recipes that match a call about to be made (same tool, same target or a
 * file of its kind), as candidates for pre-call ranking beside rules and lessons: a recipe
 * competes for the same budget on relevance, confidence and recency rather than jumping the queue.
 */
export const recipeStrategies = (recipes: readonly StoredRecipe[], tool: string, target: string | null): StrategyItem[] =>
  matchRecipes(recipes, { tool, target }).map((r) => ({
    id: r.recipeId,
    kind: 'recipe',
    text: formatRecipe(r),
    confidence: r.confidence,
    seenAt: Date.parse(r.lastSeen),
    tools: [r.trigger.tool],
  }));
