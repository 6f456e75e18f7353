import { isLlmError, type LlmClient } from '@engram/llm';
import { ConsolidatedLessonsSchema } from '../consolidated-lessons.js';
import type { ConsolidationParams } from '../consolidation-params.js';
import type { Replay } from '../replay.js';
import { replayRequest } from '../replay-request.js';
import { selectItems } from '../select-items.js';
import type { ReplayOutcome } from './replay-outcome.js';

/** The slice of the Promise client consolidation needs: one structured call (a stub in tests). */
export type ReplayModel = Pick<LlmClient, 'generateObject'>;

/**
 * `consolidateOnTurnEnd` for hosts without Effect (DESIGN.md: the public API is plain Promises):
 * the same calls, in the same order, one after another, through the Promise client. It never
 * rejects: a failed call is recorded by the port as `llm.call.failed` (the core puts the cells
 * back) and reported here as `failed`. `replays` is `pendingReplays` of the core's state, read by
 * the caller at the `turn.completed` that asked for them: the effect never reads live core state later.
 */
export const consolidateTurnEnd = async (replays: readonly Replay[], params: ConsolidationParams, model: ReplayModel): Promise<ReplayOutcome[]> => {
  const out: ReplayOutcome[] = [];
  for (const replay of replays) {
    const where = { pad: replay.pad, cellIds: replay.cells.map((c) => c.cellId) };
    try {
      const answer = await model.generateObject(ConsolidatedLessonsSchema, replayRequest(replay, params));
      out.push({ ...where, status: 'extracted', items: selectItems(answer.items, params.maxItems) });
    } catch (err) {
      out.push({ ...where, status: 'failed', reason: isLlmError(err) ? err.reason : 'unknown', message: err instanceof Error ? err.message : String(err) });
    }
  }
  return out;
};
