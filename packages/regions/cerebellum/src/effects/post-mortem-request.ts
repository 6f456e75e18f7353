import type { GenerateObjectOptions } from '@engram/llm';
import { POST_MORTEM_PURPOSE } from '../cerebellum-core.js';
import type { Flush } from '../flush.js';
import { postMortemPrompt } from '../post-mortem-prompt.js';
import { POST_MORTEM_TOOL } from '../post-mortem-result.js';

/**
 * The structured call for one flush (anton.md §4.3): the coding model, the forced
 * `DiffPassResult` tool, recorded under purpose `cerebellum` with the flush id (the
 * `turn.completed` id) as causation, which is how the core finds the answer in the log.
 */
export const postMortemRequest = (flush: Flush): GenerateObjectOptions => {
  const prompt = postMortemPrompt(flush.cells, flush.dropped);
  return {
    system: prompt.system,
    messages: [{ role: 'user', content: prompt.user }],
    role: 'coding',
    purpose: POST_MORTEM_PURPOSE,
    name: POST_MORTEM_TOOL,
    causationId: flush.id,
  };
};
