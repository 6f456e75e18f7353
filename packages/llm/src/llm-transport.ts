import { Context } from 'effect';
import type { Effect } from 'effect';
import type { LlmError } from './llm-error.js';
import type { LlmRequest, LlmResponse } from './llm-types.js';

/** What a caller can watch while one attempt runs. */
export interface SendHooks {
  /** Text as it arrives; set only by `complete` callers that stream. */
  readonly onText?: (delta: string) => void;
}

/**
 * One provider attempt: no retries, no timeout, no events (the `Llm` service adds those).
 * Interrupting the effect aborts the HTTP request.
 */
export interface LlmTransportShape {
  /** `anthropic`, `openai` or `scripted`: recorded in every `llm.call.*` event. */
  readonly provider: string;
  /** Where calls go (a base URL or a cassette path), for `engram llm check`; never a key. */
  readonly target: string;
  send(request: LlmRequest, hooks: SendHooks): Effect.Effect<LlmResponse, LlmError>;
}

export class LlmTransport extends Context.Service<LlmTransport, LlmTransportShape>()('@engram/llm/LlmTransport') {}
