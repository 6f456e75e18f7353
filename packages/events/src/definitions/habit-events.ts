import { z } from 'zod';
import { defineEvent } from '../define-event.js';
import { ErrorClassSchema } from './learning-events.js';
import { Count } from './shared-schemas.js';

/** What the basal ganglia learn about habits: recovery recipes within a turn, instinct lifecycle across sessions. */

const Confidence01 = z.number().min(0).max(1);

/** Which targets a recipe applies to: the exact one it was learned on, and `*.<ext>` for files of that kind. */
export const RecipeTargetSchema = z.object({ exact: z.string(), glob: z.string().nullable() });

export const RecipeTriggerSchema = z.object({
  errorClass: ErrorClassSchema,
  /** The normalised error signature (`errorSignature`) of the failure. */
  signature: z.string(),
  /** The tool that failed (`scratchpad` for a cell). */
  tool: z.string(),
  target: RecipeTargetSchema,
});

/** One action of a recovery: the tool and how its parameters differed from the failed call (scrubbed, short). */
export const RecipeStepSchema = z.object({ tool: z.string(), hint: z.string() });

const recipeLearned = defineEvent({
  type: 'basal-ganglia.recipe.learned',
  v: 1,
  schema: () => z.object({
    /** Stable: a hash of the trigger (its glob when it has one) and the steps, so the same recovery on another file of the kind merges. */
    recipeId: z.string(),
    trigger: RecipeTriggerSchema,
    /** The successful actions on the target after the failure, ending with the call that succeeded. */
    steps: z.array(RecipeStepSchema),
    /** The tool_use ids (cell ids for scratchpad cells) of the failure and of the success. */
    evidence: z.object({ failedToolUseId: z.string(), succeededToolUseId: z.string() }),
    confidence: Confidence01,
  }),
  emitter: 'basal-ganglia',
  consumers: ['hippocampus', 'replay', 'audit'],
  description: 'A failed call was followed by a different sequence that succeeded on the same target; the recipe joins procedural memory.',
});

export const InstinctPatternSchema = z.object({ kind: z.enum(['chain', 'error-retry', 'recovery']), tools: z.array(z.string()) });

const instinctPromoted = defineEvent({
  type: 'basal-ganglia.instinct.promoted',
  v: 1,
  schema: () => z.object({
    /** The pattern id, e.g. `basal-ganglia.chain.Grep>Read>Edit`; cortex injects the rule under it. */
    instinctId: z.string(),
    pattern: InstinctPatternSchema,
    confidence: Confidence01,
    observations: Count,
    sessions: Count,
    /** The generated rule's text. */
    rule: z.string(),
  }),
  emitter: 'basal-ganglia',
  consumers: ['audit'],
  description: 'An instinct met the promotion bar and became a generated rule; recorded by `engram instincts` so promotions can be audited.',
});

const instinctArchived = defineEvent({
  type: 'basal-ganglia.instinct.archived',
  v: 1,
  schema: () => z.object({ instinctId: z.string(), reason: z.enum(['decayed', 'stale', 'capacity', 'manual']) }),
  emitter: 'basal-ganglia',
  consumers: ['audit'],
  description: 'An instinct left tracking (decayed, unseen, beyond capacity or by hand); recorded by `engram instincts` for the audit trail.',
});

export const habitEvents = [recipeLearned, instinctPromoted, instinctArchived] as const;
