import { isLlmError, type LlmClient } from '@engram/llm';
import type { Flush } from '../flush.js';
import { PostMortemResultSchema } from '../post-mortem-result.js';
import { postMortemRequest } from './post-mortem-request.js';

/**
 * The post-mortem of one flush (`pendingFlush` of the core's state, read by the caller at the
 * `turn.completed` that left it waiting: the core moves on while the model loads, so the effect
 * never reads its live state later). `postMortemOnTurnEnd` for hosts on the Promise facade (`createLlmClient`), whose sink must be
 * the bus the core listens to. Resolves when the call is over; a failed call resolves too (the
 * port recorded `llm.call.failed`, which the core answers with classifier lessons). Anything
 * other than an `LlmError` is a bug and rejects.
 */
export const postMortemWithClient = async (flush: Flush, client: Pick<LlmClient, 'generateObject'>): Promise<void> => {
  try {
    await client.generateObject(PostMortemResultSchema, postMortemRequest(flush));
  } catch (error) {
    if (!isLlmError(error)) throw error;
  }
};
