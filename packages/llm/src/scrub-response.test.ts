import { describe, expect, it } from 'vitest';
import { scrubResponse } from './scrub-response.js';

describe('scrubResponse', () => {
  it('scrubs text and every string inside tool inputs, leaving the shape alone', () => {
    const key = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789';
    const out = scrubResponse({
      model: 'm',
      content: [
        { type: 'text', text: `use ${key}` },
        { type: 'tool_use', id: 't', name: 'run', input: { code: `client(key="${key}")`, n: 3, list: [key, true] } },
      ],
      stopReason: 'tool_use',
      usage: { inputTokens: 1, outputTokens: 1 },
    });
    expect(JSON.stringify(out)).not.toContain(key);
    expect(out.content[1]).toMatchObject({
      type: 'tool_use',
      input: { n: 3, list: [expect.stringContaining('[REDACTED:') as unknown, true] },
    });
  });
});
