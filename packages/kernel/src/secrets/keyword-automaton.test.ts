import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keywordAutomaton } from './keyword-automaton.js';

const hitsOf = (keywords: string[], text: string): [number, number][] => {
  const out: [number, number][] = [];
  keywordAutomaton(keywords).scan(text, (k, at) => out.push([k, at]));
  return out.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
};

describe('keywordAutomaton', () => {
  it('finds every keyword, overlapping and nested ones included, ignoring case', () => {
    expect(hitsOf(['sk-', 'sk-ant-', 'ant'], 'x SK-ANT-y')).toEqual([
      [0, 2],
      [1, 2],
      [2, 5],
    ]);
  });

  it('agrees with a naive search on any text', () => {
    const keywords = ['key', 'ey', 'pass', 'sk-', '://', 'a'];
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'keyKEYpasPAS-sk:/ a\u00e9'), maxLength: 60 }), (text) => {
        const naive: [number, number][] = [];
        const lower = text.toLowerCase();
        keywords.forEach((k, i) => {
          for (let at = lower.indexOf(k); at !== -1; at = lower.indexOf(k, at + 1)) naive.push([i, at]);
        });
        naive.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
        expect(hitsOf(keywords, text)).toEqual(naive);
      }),
    );
  });

  it('reports runs of exactly the run length between plain characters, in the same pass', () => {
    const runs: number[] = [];
    const text = 'ab1 abcd x=abcd abcda ab-cd abcd';
    keywordAutomaton(['zz'], { chars: 'abcd1', borders: '=-', length: 4 }).scan(text, () => undefined, (at) => runs.push(at));
    expect(runs).toEqual([4, 28]);
  });
});
