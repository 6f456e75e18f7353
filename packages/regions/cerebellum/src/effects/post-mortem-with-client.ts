import type { AnyEnvelope } from '@engram/events';
import { isLlmError, type LlmClient } from '@engram/llm';
import { pendingFlush, type CerebellumState } from '../cerebellum-core.js';
import { PostMortemResultSchema } from '../post-mortem-result.js';
import { postMortemRequest } from './post-mortem-request.js';

/**
 * `postMortemOnTurnEnd` for hosts on the Promise facade (`createLlmClient`), whose sink must be
 * the bus the core listens to. Resolves when the call is over; a failed call resolves too (the
 * port recorded `llm.call.failed`, which the core answers with classifier lessons). Anything
 * other than an `LlmError` is a bug and rejects.
 */
export const postMortemWithClient = async (
  state: CerebellumState,
  event: AnyEnvelope,
  client: Pick<LlmClient, 'generateObject'>,
): Promise<void> => {
  if (event.type !== 'executive.turn.completed') return;
  const flush = pendingFlush(state, event.id);
  if (flush === undefined) return;
  try {
    await client.generateObject(PostMortemResultSchema, postMortemRequest(flush));
  } catch (error) {
    if (!isLlmError(error)) throw error;
  }
};
