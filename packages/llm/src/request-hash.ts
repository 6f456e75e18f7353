import { createHash } from 'node:crypto';
import type { LlmRequest } from './llm-types.js';

/** Hex digits kept from the sha256: 64 bits, collision-free for any cassette a person writes. */
const HASH_HEX_CHARS = 16;

/** Sorted keys, no undefined, LF line endings: the same request always prints the same. */
const canonical = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replace(/\r\n?/g, '\n');
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonical(v);
    }
    return out;
  }
  return value;
};

/**
 * The stable identity of a request in a cassette: what the model is asked (role, system,
 * messages, tools, tool choice, token budget). The model id is left out so a cassette survives a
 * model rename, and `purpose` because it never reaches the model.
 */
export const requestHash = (r: LlmRequest): string => {
  const { role, system, messages, tools, toolChoice, maxTokens } = r;
  const text = JSON.stringify(canonical({ role, system, messages, tools, toolChoice, maxTokens }));
  return createHash('sha256').update(text).digest('hex').slice(0, HASH_HEX_CHARS);
};
