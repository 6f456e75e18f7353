import type { LearnedRecipe } from './merge-recipe.js';
import type { StoredRecipe } from './stored-recipe.js';

/** A learned recipe as the basal ganglia publish it: encoding errors on COBOL sources, read again with latin-1. */
export const learnedRecipe = (over: Partial<LearnedRecipe> = {}, exact = 'src/PAYROLL.cbl'): LearnedRecipe => ({
  recipeId: 'basal-ganglia.recipe.encoding.aaaaaaaaaaaa',
  trigger: { errorClass: 'encoding', signature: "'utf-8' codec can't decode byte Q", tool: 'Read', target: { exact, glob: '*.cbl' } },
  steps: [{ tool: 'Read', hint: "encoding: 'latin-1'" }],
  evidence: { failedToolUseId: 'toolu_1', succeededToolUseId: 'toolu_2' },
  confidence: 0.4,
  ...over,
});

/** A stored recipe, for matching and formatting; learned on its trigger's exact target unless `targets` says otherwise. */
export const storedRecipe = (over: Partial<StoredRecipe> = {}): StoredRecipe => {
  const l = learnedRecipe();
  const trigger = over.trigger ?? l.trigger;
  return { ...l, count: 1, sessions: ['s1'], targets: [trigger.target.exact], firstSeen: '2026-11-22T03:15:00.000Z', lastSeen: '2026-11-22T03:15:00.000Z', evidence: { ...l.evidence, sessionId: 's1' }, ...over };
};
