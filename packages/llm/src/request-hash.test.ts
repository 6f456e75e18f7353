import { describe, expect, it } from 'vitest';
import type { LlmRequest } from './llm-types.js';
import { requestHash } from './request-hash.js';

const base: LlmRequest = {
  model: 'm1',
  role: 'planning',
  purpose: 'turn',
  system: 'sys\nline',
  messages: [{ role: 'user', content: 'hi' }],
  tools: [
    {
      name: 't',
      description: 'd',
      inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
    },
  ],
  toolChoice: { type: 'auto' },
  maxTokens: 100,
  structured: false,
};

describe('requestHash', () => {
  it('is stable under key order and line endings, and ignores model and purpose', () => {
    const h = requestHash(base);
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(requestHash({ ...base, system: 'sys\r\nline' })).toBe(h);
    expect(
      requestHash({
        ...base,
        tools: [
          {
            inputSchema: {
              properties: { a: { type: 'string' } },
              type: 'object',
            },
            description: 'd',
            name: 't',
          },
        ],
      }),
    ).toBe(h);
    expect(requestHash({ ...base, model: 'm2', purpose: 'check' })).toBe(h);
  });
  it('changes with anything the model sees', () => {
    const h = requestHash(base);
    expect(requestHash({ ...base, messages: [{ role: 'user', content: 'hi!' }] })).not.toBe(h);
    expect(requestHash({ ...base, maxTokens: 200 })).not.toBe(h);
    expect(requestHash({ ...base, role: 'coding' })).not.toBe(h);
    expect(requestHash({ ...base, toolChoice: { type: 'tool', name: 't' } })).not.toBe(h);
  });
});
