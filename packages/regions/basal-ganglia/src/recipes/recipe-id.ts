import type { EventData } from '@engram/events';
import { createHash } from 'node:crypto';

type Recipe = EventData<'basal-ganglia.recipe.learned'>;

/** Hex digits kept from the sha256: 48 bits, ample for the recipes one user accumulates, short in a prompt. */
const HASH_HEX_CHARS = 12;

/**
 * The stable id of a recipe: its error class, signature, tool, target pattern and steps. The
 * pattern is the glob when there is one, so the same recovery learned on another file of the
 * kind gets the same id and the store merges it: `basal-ganglia.recipe.encoding.3f09c1a2b4d7`.
 */
export const recipeId = (trigger: Recipe['trigger'], steps: Recipe['steps']): string => {
  const parts = [trigger.errorClass, trigger.signature, trigger.tool, trigger.target.glob ?? trigger.target.exact, ...steps.flatMap((s) => [s.tool, s.hint])];
  return `basal-ganglia.recipe.${trigger.errorClass}.${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, HASH_HEX_CHARS)}`;
};
