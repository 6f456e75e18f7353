import { RecipeStepSchema, RecipeTriggerSchema } from '@engram/events';
import { z } from 'zod';

const Time = z.iso.datetime({ offset: true });

/**
 * A recovery recipe as procedural memory keeps it: what the recipe core learned, plus how often
 * and where it was learned. Loose objects, so fields added by hand survive a rewrite.
 */
export const StoredRecipeSchema = z.looseObject({
  recipeId: z.string().min(1),
  trigger: RecipeTriggerSchema,
  steps: z.array(RecipeStepSchema).min(1),
  confidence: z.number().min(0).max(1),
  /** Times the recipe was learned, in any session. */
  count: z.number().int().positive(),
  /** The most recent sessions that learned it; a session counts once towards confidence. */
  sessions: z.array(z.string()),
  /** Exact targets it was learned on (the trigger's glob covers the rest of their kind). */
  targets: z.array(z.string()),
  firstSeen: Time,
  lastSeen: Time,
  /** The last learning's tool_use (or cell) ids, to find it in the event log. */
  evidence: z.looseObject({ failedToolUseId: z.string(), succeededToolUseId: z.string(), sessionId: z.string().optional() }),
});

export type StoredRecipe = z.infer<typeof StoredRecipeSchema>;

/** A part of the recipes file that could not be read: the file, the field (`recipes[2].trigger.errorClass`), why. */
export interface RecipeProblem {
  readonly file: string;
  readonly field: string | null;
  readonly reason: string;
}
