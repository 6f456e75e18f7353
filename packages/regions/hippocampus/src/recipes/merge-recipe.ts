import type { EventData } from '@engram/events';
import type { StoredRecipe } from './stored-recipe.js';

export type LearnedRecipe = EventData<'basal-ganglia.recipe.learned'>;

/** Where and when a recipe was learned (from the event's envelope). */
export interface RecipeSighting {
  readonly at: string;
  readonly sessionId: string;
}

/** AceClaw adds 0.2 per prior cross-session match: a recipe learned in 3 sessions from 0.4 is trusted (1.0). */
export const RECIPE_CONFIDENCE_STEP = 0.2;
/** Sessions remembered per recipe; beyond what the confidence needs to reach 1 from any start, so older ones add nothing. */
export const MAX_RECIPE_SESSIONS = 20;
/** Exact targets remembered per recipe: examples for people, the glob matches the rest. */
export const MAX_RECIPE_TARGETS = 5;
/** Recipes kept; beyond it the weakest (then the stalest) go. A prompt shows a handful; hundreds are plenty. */
export const MAX_RECIPES = 200;

const keepLast = (list: readonly string[], item: string, max: number): string[] => [...list.filter((x) => x !== item), item].slice(-max);

const weaker = (a: StoredRecipe, b: StoredRecipe): number => a.confidence - b.confidence || Date.parse(a.lastSeen) - Date.parse(b.lastSeen);

/**
 * Adds a learned recipe to the stored ones, or merges it into the stored recipe with its id
 * (same trigger pattern and steps): the count rises, lastSeen moves, the target joins the
 * examples, and the confidence rises by `RECIPE_CONFIDENCE_STEP` only when a new session learned
 * it, so one session repeating itself cannot make its own recipe trusted. Pure.
 */
export const mergeRecipe = (
  recipes: readonly StoredRecipe[],
  learned: LearnedRecipe,
  sighting: RecipeSighting,
): { readonly recipes: StoredRecipe[]; readonly recipe: StoredRecipe; readonly outcome: 'added' | 'merged' } => {
  const evidence = { ...learned.evidence, sessionId: sighting.sessionId };
  const old = recipes.find((r) => r.recipeId === learned.recipeId);
  let recipe: StoredRecipe;
  if (old === undefined)
    recipe = { recipeId: learned.recipeId, trigger: learned.trigger, steps: learned.steps, confidence: learned.confidence, count: 1, sessions: [sighting.sessionId], targets: [learned.trigger.target.exact], firstSeen: sighting.at, lastSeen: sighting.at, evidence };
  else {
    const newSession = !old.sessions.includes(sighting.sessionId);
    const base = Math.max(old.confidence, learned.confidence);
    recipe = {
      ...old,
      confidence: newSession ? Math.min(1, Math.round((base + RECIPE_CONFIDENCE_STEP) * 1000) / 1000) : base,
      count: old.count + 1,
      sessions: keepLast(old.sessions, sighting.sessionId, MAX_RECIPE_SESSIONS),
      targets: keepLast(old.targets, learned.trigger.target.exact, MAX_RECIPE_TARGETS),
      lastSeen: Date.parse(sighting.at) > Date.parse(old.lastSeen) ? sighting.at : old.lastSeen,
      evidence,
    };
  }
  const others = recipes.filter((r) => r.recipeId !== learned.recipeId).sort(weaker).reverse().slice(0, MAX_RECIPES - 1);
  return { recipes: [...others, recipe], recipe, outcome: old === undefined ? 'added' : 'merged' };
};
