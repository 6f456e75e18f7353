import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeWords } from './code-words.js';

describe('codeWords (properties)', () => {
  it('lists only words the text holds, each once, within the bound', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 0, max: 50 }), (text, max) => {
        const words = codeWords(text, max);
        expect(words.length).toBeLessThanOrEqual(max);
        expect(new Set(words).size).toBe(words.length);
        for (const w of words) expect(text).toContain(w);
      }),
      { numRuns: 500 },
    );
  });
});
