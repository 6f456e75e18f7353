import { Llm, type LlmError } from '@engram/llm';
import { Effect } from 'effect';
import { CONSOLIDATION_PURPOSE } from '../consolidation-core.js';
import { CONSOLIDATION_TOOL, ConsolidatedLessonsSchema, type ConsolidatedLesson } from '../consolidated-lessons.js';
import type { ConsolidationParams } from '../consolidation-params.js';
import type { Replay } from '../replay.js';
import { selectItems } from '../select-items.js';

/**
 * The extraction call for one replay (anton.md §9.3): one structured call, cells already
 * compressed and scrubbed in `replay.prompt`, recorded under purpose `consolidation` with the
 * turn end as causation. The port publishes `llm.call.completed` or `llm.call.failed`; the core
 * derives the proposals (or the retry) from that record, so this effect publishes nothing itself
 * and a failure leaves nothing half-written. The items are also returned, selected as the core
 * selects them, for hosts and tests that want them at once.
 */
export const runReplay = (replay: Replay, params: ConsolidationParams): Effect.Effect<ConsolidatedLesson[], LlmError, Llm> =>
  Effect.gen(function* () {
    const llm = yield* Llm;
    const answer = yield* llm.generateObject(ConsolidatedLessonsSchema, {
      system: replay.prompt.system,
      messages: [{ role: 'user', content: replay.prompt.user }],
      role: params.role,
      purpose: CONSOLIDATION_PURPOSE,
      name: CONSOLIDATION_TOOL,
      causationId: replay.causationId,
    });
    return selectItems(answer.items, params.maxItems);
  });
