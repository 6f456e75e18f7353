import { Llm, type LlmError } from '@engram/llm';
import { Effect } from 'effect';
import { ConsolidatedLessonsSchema, type ConsolidatedLesson } from '../consolidated-lessons.js';
import type { ConsolidationParams } from '../consolidation-params.js';
import type { Replay } from '../replay.js';
import { replayRequest } from '../replay-request.js';
import { selectItems } from '../select-items.js';

/**
 * The extraction call for one replay (anton.md §9.3) through the `Llm` service, cells already
 * compressed and scrubbed in `replay.prompt`. The port publishes `llm.call.completed` or
 * `llm.call.failed`; the core derives the proposals (or the retry) from that record, so this
 * effect publishes nothing itself and a failure leaves nothing half-written. The items are also
 * returned, selected as the core selects them, for hosts and tests that want them at once.
 */
export const runReplay = (replay: Replay, params: ConsolidationParams): Effect.Effect<ConsolidatedLesson[], LlmError, Llm> =>
  Effect.gen(function* () {
    const llm = yield* Llm;
    const answer = yield* llm.generateObject(ConsolidatedLessonsSchema, replayRequest(replay, params));
    return selectItems(answer.items, params.maxItems);
  });
