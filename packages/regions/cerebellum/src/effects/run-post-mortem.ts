import { Llm, type LlmError } from '@engram/llm';
import { Effect } from 'effect';
import type { Flush } from '../flush.js';
import { POST_MORTEM_PURPOSE } from '../cerebellum-core.js';
import { postMortemPrompt } from '../post-mortem-prompt.js';
import { POST_MORTEM_TOOL, PostMortemResultSchema } from '../post-mortem-result.js';
import { selectLessons, type SelectedLesson } from '../select-lessons.js';

/**
 * The post-mortem call for one flush (anton.md §4.3): one structured call on the coding model,
 * cells scrubbed, recorded under purpose `cerebellum` with the flush id as causation. The port
 * publishes `llm.call.completed` or `llm.call.failed`; the core reads its lessons from that
 * record (so the effect itself publishes nothing, and replay needs no model). The lessons are
 * also returned, post-processed as the core does, for hosts that want them at once.
 */
export const runPostMortem = (flush: Flush, maxLessons: number): Effect.Effect<SelectedLesson[], LlmError, Llm> =>
  Effect.gen(function* () {
    const llm = yield* Llm;
    const prompt = postMortemPrompt(flush.cells, flush.dropped);
    const result = yield* llm.generateObject(PostMortemResultSchema, {
      system: prompt.system,
      messages: [{ role: 'user', content: prompt.user }],
      role: 'coding',
      purpose: POST_MORTEM_PURPOSE,
      name: POST_MORTEM_TOOL,
      causationId: flush.id,
    });
    return selectLessons(result.lessons, maxLessons);
  });
