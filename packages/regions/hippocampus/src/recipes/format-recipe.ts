import type { StoredRecipe } from './stored-recipe.js';

type Formattable = Pick<StoredRecipe, 'trigger' | 'steps'> & Partial<Pick<StoredRecipe, 'confidence' | 'count'>>;

/**
 * A recipe as one prompt line, read before a matching call:
 * `Known recovery for encoding on *.cbl with Read: 1. DetectEncoding with sample: 4096 2. Read with encoding: 'cp037' (confidence 0.60, learned 2 times)`.
 */
export const formatRecipe = (recipe: Formattable): string => {
  const { trigger } = recipe;
  const steps = recipe.steps.map((s, i) => {
    const action = s.hint !== '' ? `${s.tool} with ${s.hint}` : s.tool === trigger.tool ? `${s.tool} again` : s.tool;
    return `${i + 1}. ${action}`;
  });
  const facts: string[] = [];
  if (recipe.confidence !== undefined) facts.push(`confidence ${recipe.confidence.toFixed(2)}`);
  if (recipe.count !== undefined && recipe.count > 1) facts.push(`learned ${recipe.count} times`);
  const tail = facts.length === 0 ? '' : ` (${facts.join(', ')})`;
  return `Known recovery for ${trigger.errorClass} on ${trigger.target.glob ?? trigger.target.exact} with ${trigger.tool}: ${steps.join(' ')}${tail}`;
};
