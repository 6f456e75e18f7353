import type { postMortemWithClient } from '@engram/cerebellum/effects';
import type { consolidateTurnEnd } from '@engram/cortex/consolidation-effects';

/** The end-of-turn effects that call the model: the cerebellum's post-mortem and the cortex's sleep replay. */
export interface LearningEffects {
  readonly postMortemWithClient: typeof postMortemWithClient;
  readonly consolidateTurnEnd: typeof consolidateTurnEnd;
}

let loading: Promise<LearningEffects> | null = null;

/**
 * Loads the model-calling learning effects on first use. They pull in Effect and the LLM package
 * (hundreds of modules), which a session without a model, and every hook process, never needs.
 * One promise for both keeps their calls in the order the subscriptions were made.
 */
export const learningEffects = (): Promise<LearningEffects> =>
  (loading ??= Promise.all([import('@engram/cerebellum/effects'), import('@engram/cortex/consolidation-effects')]).then(([cerebellum, cortex]) => ({
    postMortemWithClient: cerebellum.postMortemWithClient,
    consolidateTurnEnd: cortex.consolidateTurnEnd,
  })));
