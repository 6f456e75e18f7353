import type { AnyEnvelope } from '@engram/events';
import type { Llm, LlmFailureReason } from '@engram/llm';
import { Effect } from 'effect';
import type { ConsolidatedLesson } from '../consolidated-lessons.js';
import { pendingReplays, type ConsolidationState } from '../consolidation-core.js';
import { runReplay } from './run-replay.js';

/** What one replay's call gave: the selected items, or the failure (its cells wait for a retry). */
export type ReplayOutcome =
  | { readonly pad: string; readonly cellIds: readonly string[]; readonly status: 'extracted'; readonly items: readonly ConsolidatedLesson[] }
  | { readonly pad: string; readonly cellIds: readonly string[]; readonly status: 'failed'; readonly reason: LlmFailureReason; readonly message: string };

/**
 * Consolidation's effect, run after the core has evolved `event`: when that event completed a
 * turn that left replays waiting, make their extraction calls one after another, in the core's
 * order (answers are matched to replays in that order). It never fails and never blocks the
 * reply (the host forks it): a failed call is recorded by the port as `llm.call.failed`, and the
 * core puts its cells back.
 */
export const consolidateOnTurnEnd = (state: ConsolidationState, event: AnyEnvelope): Effect.Effect<ReplayOutcome[], never, Llm> => {
  if (event.type !== 'executive.turn.completed') return Effect.succeed([]);
  const replays = pendingReplays(state, event.id);
  return Effect.forEach(
    replays,
    (replay) => {
      const where = { pad: replay.pad, cellIds: replay.cells.map((c) => c.cellId) };
      return runReplay(replay, state.params).pipe(
        Effect.match({
          onSuccess: (items): ReplayOutcome => ({ ...where, status: 'extracted', items }),
          onFailure: (err): ReplayOutcome => ({ ...where, status: 'failed', reason: err.reason, message: err.message }),
        }),
      );
    },
    { concurrency: 1 },
  );
};
