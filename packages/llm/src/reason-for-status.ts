import type { LlmFailureReason } from './llm-error.js';

/**
 * The failure reason for an HTTP status. 408 (the server gave up waiting), 409 (a transient
 * conflict) and 529 (Anthropic's "overloaded") count as server errors so they are retried, as
 * the official SDKs do.
 */
export const reasonForStatus = (status: number): LlmFailureReason => {
  if (status === 429) return 'rate_limited';
  if (status === 401 || status === 403) return 'auth';
  if (status === 408 || status === 409 || status >= 500) return 'server_error';
  if (status >= 400) return 'bad_request';
  return 'unknown';
};
