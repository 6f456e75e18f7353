import { scrubSecrets, scrubValue } from '@engram/kernel';
import type { LlmResponse } from './llm-types.js';

/**
 * An answer with its secrets (keys, tokens, passwords) replaced by markers, keys of tool inputs
 * included: the copy that is recorded (the `llm.call.completed` event, a cassette) and shown.
 * The caller of `complete()` gets the answer as the model gave it, because a tool call's input
 * is about to run and scrubbing turns working code into broken code (issue 11).
 */
export const scrubResponse = (response: LlmResponse): LlmResponse => ({
  ...response,
  content: response.content.map((b) => (b.type === 'text' ? { ...b, text: scrubSecrets(b.text) } : { ...b, input: scrubValue(b.input) })),
});
