import type { FailedCell } from './failed-cell.js';

/**
 * One turn's failed cells, handed to the post-mortem when the turn completed. `id` is the id of
 * the `executive.turn.completed` event: the post-mortem call carries it as its causation id, so
 * the recorded answer (`llm.call.completed` / `llm.call.failed`) finds its flush, live and in replay.
 */
export interface Flush {
  readonly id: string;
  readonly cells: readonly FailedCell[];
  readonly dropped: number;
}
