import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServeAnswerSchema } from '../protocol.js';
import { checkAnswer } from './check-answer.js';

const answerLike = fc.oneof(
  fc.record({ v: fc.constantFrom(1, 2), kind: fc.constant('hook'), output: fc.oneof(fc.constant(null), fc.record({ hookSpecificOutput: fc.record({ hookEventName: fc.oneof(fc.string(), fc.integer()), additionalContext: fc.string() }, { requiredKeys: [] }) }), fc.string()), warnings: fc.oneof(fc.array(fc.string()), fc.array(fc.integer(), { minLength: 1 })) }, { requiredKeys: ['v', 'kind'] }),
  fc.record({ v: fc.constant(1), kind: fc.constant('pong'), pid: fc.oneof(fc.nat(), fc.integer({ max: -1 }), fc.double()), home: fc.string(), sessions: fc.nat(), served: fc.nat(), rssBytes: fc.nat() }, { requiredKeys: ['v', 'kind'] }),
  // A whole pong, with or without a web app (and web fields of every wrong shape).
  fc.record({ v: fc.constant(1), kind: fc.constant('pong'), pid: fc.nat(), home: fc.string(), sessions: fc.nat(), served: fc.nat(), rssBytes: fc.nat(), web: fc.oneof(fc.constant(null), fc.record({ url: fc.oneof(fc.string(), fc.integer()), project: fc.string() }, { requiredKeys: [] }), fc.string()) }, { requiredKeys: ['v', 'kind', 'pid', 'home', 'sessions', 'served', 'rssBytes'] }),
  fc.record({ v: fc.constant(1), kind: fc.constantFrom('error', 'other'), error: fc.oneof(fc.string(), fc.constant(null)) }, { requiredKeys: ['v', 'kind'] }),
  fc.anything(),
);

describe('checkAnswer (the hook client, without zod)', () => {
  it('accepts exactly what the protocol schema accepts', () => {
    fc.assert(
      fc.property(answerLike, (value) => {
        expect(typeof checkAnswer(value) !== 'string').toBe(ServeAnswerSchema.safeParse(value).success);
      }),
      { numRuns: 2_000 },
    );
  });

  it('names what is wrong', () => {
    expect(checkAnswer({ v: 2, kind: 'hook' })).toBe('the answer speaks protocol 2, not 1');
    expect(checkAnswer({ v: 1, kind: 'hook', output: null, warnings: [1] })).toBe('field "warnings": expected a list of strings');
    expect(checkAnswer({ v: 1, kind: 'nope' })).toBe('field "kind": expected hook, pong or error, got "nope"');
  });
});
