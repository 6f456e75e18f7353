import type { AnyEnvelope } from '@engram/events';
import type { Llm } from '@engram/llm';
import { Effect } from 'effect';
import { pendingReplays, type ConsolidationState } from '../consolidation-core.js';
import type { ReplayOutcome } from './replay-outcome.js';
import { runReplay } from './run-replay.js';

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
