import { describe, expect, it } from 'vitest';
import type { Cassette } from './cassette.js';
import { cassettePlayer } from './cassette-player.js';
import type { LlmRequest, LlmResponse } from './llm-types.js';
import { requestHash } from './request-hash.js';

const request = (over: Partial<LlmRequest> = {}): LlmRequest => ({
  model: 'm',
  role: 'planning',
  purpose: 'cerebellum',
  system: 'You review failed cells.',
  messages: [{ role: 'user', content: 'KeyError: price' }],
  tools: [{ name: 'PostMortem', description: 'd', inputSchema: { type: 'object' } }],
  toolChoice: { type: 'tool', name: 'PostMortem' },
  maxTokens: 2048,
  structured: true,
  ...over,
});
const answer = (text: string): LlmResponse => ({
  model: 'm',
  content: [{ type: 'text', text }],
  stopReason: 'end_turn',
  usage: { inputTokens: 1, outputTokens: 1 },
});
const textOf = (r: ReturnType<ReturnType<typeof cassettePlayer>['play']>) =>
  'entry' in r && 'response' in r.entry ? (r.entry.response.content[0] as { text: string }).text : 'miss' in r ? 'MISS' : 'ERROR';

describe('cassettePlayer', () => {
  it('prefers an exact hash over looser matchers, whatever the order', () => {
    const c: Cassette = {
      engramCassette: 1,
      entries: [
        { match: { purpose: 'cerebellum' }, response: answer('loose') },
        { match: { hash: requestHash(request()) }, response: answer('exact') },
      ],
    };
    const p = cassettePlayer(c, 'c.json');
    expect(textOf(p.play(request()))).toBe('exact');
    expect(textOf(p.play(request({ messages: [{ role: 'user', content: 'other' }] })))).toBe('loose');
  });

  it('plays matching entries in order, then repeats the last one', () => {
    const c: Cassette = {
      engramCassette: 1,
      entries: [1, 2].map((n) => ({
        match: { tool: 'PostMortem' },
        response: answer(`#${n}`),
      })),
    };
    const p = cassettePlayer(c, 'c.json');
    expect([1, 2, 3].map(() => textOf(p.play(request())))).toEqual(['#1', '#2', '#2']);
  });

  it('requires every given field of a loose matcher', () => {
    const c: Cassette = {
      engramCassette: 1,
      entries: [
        {
          match: {
            role: 'coding',
            lastUserIncludes: 'KeyError',
            systemIncludes: 'failed cells',
          },
          response: answer('hit'),
        },
      ],
    };
    const p = cassettePlayer(c, 'c.json');
    expect(textOf(p.play(request()))).toBe('MISS');
    expect(textOf(p.play(request({ role: 'coding' })))).toBe('hit');
    expect(textOf(p.play(request({ role: 'coding', system: 'other' })))).toBe('MISS');
  });

  it('names the unmatched request and what the cassette holds', () => {
    const c: Cassette = {
      engramCassette: 1,
      entries: [
        {
          match: { purpose: 'identity' },
          error: { reason: 'rate_limited', message: 'scripted' },
        },
      ],
    };
    const r = cassettePlayer(c, '/x/c.json').play(request());
    expect('miss' in r && r.miss).toBe(
      `no recorded answer in /x/c.json matches request hash=${requestHash(request())} (purpose cerebellum, role planning, ` +
        'forced tool PostMortem, tools [PostMortem], max_tokens 2048, last user message "KeyError: price"); ' +
        'the cassette holds 1 entry: #0 purpose="identity"',
    );
  });
});
