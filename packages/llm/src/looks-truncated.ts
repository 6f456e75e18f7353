import type { LlmResponse } from './llm-types.js';

/**
 * anton.md §5 `looks_truncated`: the provider said it stopped at the limit, or the answer used
 * the whole budget (some OpenAI-compatible servers report `stop` even when they cut off).
 */
export const looksTruncated = (response: LlmResponse, budget: number): boolean =>
  response.stopReason === 'max_tokens' || (budget > 0 && response.usage.outputTokens >= budget);
