import { Llm, type LlmError } from '@engram/llm';
import { Effect } from 'effect';
import type { Flush } from '../flush.js';
import { PostMortemResultSchema } from '../post-mortem-result.js';
import { selectLessons, type SelectedLesson } from '../select-lessons.js';
import { postMortemRequest } from './post-mortem-request.js';

/**
 * The post-mortem call for one flush through the `Llm` service. The port publishes
 * `llm.call.completed` or `llm.call.failed`; the core reads its lessons from that record (so the
 * effect itself publishes nothing, and replay needs no model). The lessons are also returned,
 * post-processed as the core does, for callers that want them at once.
 */
export const runPostMortem = (flush: Flush, maxLessons: number): Effect.Effect<SelectedLesson[], LlmError, Llm> =>
  Effect.gen(function* () {
    const llm = yield* Llm;
    const result = yield* llm.generateObject(PostMortemResultSchema, postMortemRequest(flush));
    return selectLessons(result.lessons, maxLessons);
  });
