import fc from 'fast-check';
import { describe, it } from 'vitest';
import { errorSignature } from './error-signature.js';

/**
 * The signature is the ACC's notion of "the same error": changing the value of any token the
 * normalisation collapses (a whole number, a hex literal, a path, a quoted token of 1-80 chars)
 * must not change it. Each generated message alternates fixed words with collapsible tokens, and
 * every token comes as two values of the same kind.
 */
const word = fc.constantFrom('Error', 'failed', 'at', 'row', 'cannot', 'open', 'for', 'engine=', 'in', ':');
const quotedChars = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_. :/'.split(''));
const segment = fc.stringMatching(/^[a-z0-9_.-]{1,8}$/);
const pairOf = <T>(arb: fc.Arbitrary<T>, show: (v: T) => string): fc.Arbitrary<readonly [string, string]> =>
  fc.tuple(arb, arb).map(([a, b]) => [show(a), show(b)] as const);

const tokenPair = fc.oneof(
  pairOf(fc.nat(), String),
  pairOf(fc.nat(), (n) => `0x${n.toString(16)}`),
  pairOf(fc.array(segment, { minLength: 1, maxLength: 4 }), (parts) => `/${parts.join('/')}`),
  pairOf(fc.string({ unit: quotedChars, minLength: 1, maxLength: 80 }), (s) => `'${s}'`),
  pairOf(fc.string({ unit: quotedChars, minLength: 1, maxLength: 80 }), (s) => `"${s}"`),
);

describe('errorSignature properties', () => {
  it('does not change when the value of a collapsed token changes', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(word, tokenPair), { minLength: 1, maxLength: 6 }), (parts) => {
        const a = parts.map(([w, [x]]) => `${w} ${x}`).join(' ');
        const b = parts.map(([w, [, y]]) => `${w} ${y}`).join(' ');
        return errorSignature(a) === errorSignature(b);
      }),
    );
  });

  it('is deterministic on any text', () => {
    fc.assert(fc.property(fc.string(), (s) => errorSignature(s) === errorSignature(s)));
  });
});
