import type { LlmFailureReasonSchema } from '@engram/events';
import { Data } from 'effect';
import type { z } from 'zod';

/** The closed failure taxonomy; the same union the `llm.call.failed` event records. */
export type LlmFailureReason = z.infer<typeof LlmFailureReasonSchema>;

/**
 * The one typed failure of the port. `reason` is closed (switch on it); `status` and
 * `retryAfterMs` come from the HTTP answer when there was one. The message never holds an API
 * key (transports redact it) and never quotes model output.
 */
export class LlmError extends Data.TaggedError('LlmError')<{
  readonly reason: LlmFailureReason;
  readonly message: string;
  readonly status?: number;
  readonly retryAfterMs?: number;
}> {}

export const isLlmError = (u: unknown): u is LlmError => u instanceof LlmError;

/** Reasons worth another attempt of the same request (the retry policy's whole list). */
const RETRYABLE: ReadonlySet<LlmFailureReason> = new Set(['rate_limited', 'server_error', 'network']);

export const isRetryable = (error: LlmError): boolean => RETRYABLE.has(error.reason);
