import type { ConsolidationPrompt } from './consolidation-prompt.js';
import type { ReplayCell } from './replay-cell.js';
import type { ReplayReason } from './should-replay.js';

/**
 * One pad's new cells, chosen for replay at a turn end and waiting for the extraction answer.
 * `causationId` is the id of that `executive.turn.completed`: the extraction call carries it, so
 * the recorded answer (`llm.call.completed` / `llm.call.failed`) finds its replay, live and in
 * replay. Several pads replayed at one turn end share it; their calls are made one after another
 * in this order, and answers are matched in the same order.
 */
export interface Replay {
  readonly causationId: string;
  readonly pad: string;
  readonly cells: readonly ReplayCell[];
  readonly reason: ReplayReason;
  readonly prompt: ConsolidationPrompt;
}
