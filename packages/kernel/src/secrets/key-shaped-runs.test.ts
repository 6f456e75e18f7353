import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiBytes } from './ascii-bytes.js';
import { keyShapedRunFinder, type RunSpec } from './key-shaped-runs.js';

const runsOf = (spec: RunSpec, text: string): number[] => {
  const out: number[] = [];
  keyShapedRunFinder(spec)(text, undefined, out);
  const viaBytes: number[] = [];
  keyShapedRunFinder(spec)(text, asciiBytes(text), viaBytes);
  expect(viaBytes).toEqual(out);
  return out;
};

/** Every character, one by one: the definition the sparse finder must agree with. */
const naiveRuns = (spec: RunSpec, text: string): number[] => {
  const out: number[] = [];
  let start = 0;
  let bordered = false;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i] ?? '\n';
    if (spec.chars.includes(c)) continue;
    if (spec.borders.includes(c)) {
      bordered = true;
      continue;
    }
    if (!bordered && i - start === spec.length) out.push(start);
    start = i + 1;
    bordered = false;
  }
  return out;
};

describe('keyShapedRunFinder', () => {
  const spec: RunSpec = { chars: 'abcd1', borders: '=-', length: 4 };

  it('reports tokens of exactly the run length made of run characters only', () => {
    expect(runsOf(spec, 'ab1 abcd x=abcd abcda ab-cd abcd')).toEqual([4, 28]);
  });

  it('agrees with a character-by-character scan on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abcd1=- x\u00e9'), maxLength: 80 }), fc.integer({ min: 1, max: 9 }), (text, length) => {
        const s = { ...spec, length };
        expect(runsOf(s, text)).toEqual(naiveRuns(s, text));
      }),
      { numRuns: 2000 },
    );
  });
});
