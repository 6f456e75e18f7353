import { scrubSecrets } from '@engram/kernel';
import type { LlmResponse } from './llm-types.js';

/** Every string inside a value, scrubbed; other values unchanged. */
const scrubDeep = (value: unknown): unknown => {
  if (typeof value === 'string') return scrubSecrets(value);
  if (Array.isArray(value)) return value.map(scrubDeep);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v)]));
  return value;
};

/**
 * An answer with its secrets (keys, tokens, passwords) replaced by markers. LLM answers enter the
 * bus here (DESIGN.md), so the caller, the event and the cassette all see the same scrubbed
 * answer and replay stays exact.
 */
export const scrubResponse = (response: LlmResponse): LlmResponse => ({
  ...response,
  content: response.content.map((b) => (b.type === 'text' ? { ...b, text: scrubSecrets(b.text) } : { ...b, input: scrubDeep(b.input) })),
});
