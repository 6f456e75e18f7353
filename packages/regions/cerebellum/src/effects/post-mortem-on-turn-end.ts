import type { AnyEnvelope } from '@engram/events';
import type { Llm } from '@engram/llm';
import { Effect } from 'effect';
import { pendingFlush, type CerebellumState } from '../cerebellum-core.js';
import { runPostMortem } from './run-post-mortem.js';

/**
 * The cerebellum's effect, run after the core has evolved `event`: when that event completed a
 * turn whose flush now awaits the model, make the post-mortem call. A failed call needs no
 * handling here: the port records `llm.call.failed`, and the core answers it with the
 * classifier's lessons. It never fails and never blocks the reply (the host forks it).
 */
export const postMortemOnTurnEnd = (state: CerebellumState, event: AnyEnvelope): Effect.Effect<void, never, Llm> => {
  if (event.type !== 'executive.turn.completed') return Effect.void;
  const flush = pendingFlush(state, event.id);
  if (flush === undefined) return Effect.void;
  return runPostMortem(flush, state.params.maxLessonsPerFlush).pipe(Effect.ignore);
};
