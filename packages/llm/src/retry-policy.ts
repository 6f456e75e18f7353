import type { LlmError } from './llm-error.js';

/** When and how long to wait before another attempt of a failed request. */
export interface RetryPolicy {
  /** Extra attempts after the first, for retryable failures (429, 5xx, network). */
  readonly maxRetries: number;
  /** First backoff step; doubles per retry. */
  readonly baseDelayMs: number;
  /** No single wait is longer than this, whatever `retry-after` says. */
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  // Three retries ride out a typical 429 burst or a rolling restart without stalling a turn for long.
  maxRetries: 3,
  // Half a second is the smallest step that gives an overloaded server room to recover.
  baseDelayMs: 500,
  // A turn waiting more than 30 s on one call is worse than failing it and degrading.
  maxDelayMs: 30_000,
};

/**
 * The wait before retry number `retry` (1-based). A server's `retry-after` wins (capped);
 * otherwise exponential backoff with "equal jitter" (half fixed, half random) so that many
 * clients hit by the same 429 do not come back in lockstep.
 */
export const retryDelayMs = (retry: number, error: LlmError, policy: RetryPolicy, random: () => number = Math.random): number => {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, policy.maxDelayMs);
  const step = Math.min(policy.baseDelayMs * 2 ** (retry - 1), policy.maxDelayMs);
  return Math.round(step / 2 + (step / 2) * random());
};
