import { LlmFailureReasonSchema } from '@engram/events';
import { describe, expect, it } from 'vitest';
import { LlmError, isRetryable } from './llm-error.js';
import { retryDelayMs, type RetryPolicy } from './retry-policy.js';

const policy: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 100,
  maxDelayMs: 1000,
};
const err = (retryAfterMs?: number) =>
  new LlmError({
    reason: 'rate_limited',
    message: 'x',
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });

describe('retryDelayMs', () => {
  it('doubles with equal jitter and stops at the cap', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, err(), policy, () => 0))).toEqual([50, 100, 200]);
    expect([1, 2, 3].map((n) => retryDelayMs(n, err(), policy, () => 1))).toEqual([100, 200, 400]);
    expect(retryDelayMs(10, err(), policy, () => 1)).toBe(1000);
  });
  it('honours retry-after up to the cap', () => {
    expect(retryDelayMs(1, err(300), policy, () => 0)).toBe(300);
    expect(retryDelayMs(1, err(60_000), policy, () => 0)).toBe(1000);
  });
  it('retries only rate limits, server errors and network failures', () => {
    // Every reason the vocabulary has, so a new one is classified here the day it is added.
    const reasons = LlmFailureReasonSchema.options;
    expect(reasons.filter((reason) => isRetryable(new LlmError({ reason, message: '' })))).toEqual([
      'rate_limited',
      'server_error',
      'network',
    ]);
  });
});
