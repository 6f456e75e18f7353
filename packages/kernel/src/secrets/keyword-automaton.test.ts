import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiBytes } from './ascii-bytes.js';
import { HitBuffer } from './hit-buffer.js';
import { keywordAutomaton } from './keyword-automaton.js';

const hitsOf = (keywords: string[], text: string): [number, number][] => {
  const buffer = new HitBuffer();
  keywordAutomaton(keywords).scan(text, asciiBytes(text), buffer);
  const out: [number, number][] = [];
  for (let i = 0; i < buffer.count; i++) out.push([buffer.keywordAt(i), buffer.positionAt(i)]);
  return out.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
};

const naiveHits = (keywords: string[], text: string): [number, number][] => {
  const naive: [number, number][] = [];
  const lower = text.toLowerCase();
  keywords.forEach((k, i) => {
    for (let at = lower.indexOf(k); at !== -1; at = lower.indexOf(k, at + 1)) naive.push([i, at]);
  });
  return naive.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
};

describe('keywordAutomaton', () => {
  it('finds every keyword, overlapping and nested ones included, ignoring case', () => {
    expect(hitsOf(['sk-', 'sk-ant-', 'ant'], 'x SK-ANT-y')).toEqual([
      [0, 2],
      [1, 2],
      [2, 5],
    ]);
  });

  it('agrees with a naive search on any text, ASCII (read as bytes) or not (read as characters)', () => {
    const keywords = ['key', 'ey', 'pass', 'sk-', '://', 'a'];
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'keyKEYpasPAS-sk:/ a\u00e9\u0141\u{1f511}'), maxLength: 60 }), (text) => {
        expect(hitsOf(keywords, text)).toEqual(naiveHits(keywords, text));
      }),
    );
  });

  it('finds keywords the same way whether the text fits the reused buffer or not', () => {
    const text = `${'x'.repeat(1_100_000)} pass ${'é'.repeat(10)} key`;
    expect(hitsOf(['pass', 'key'], text)).toEqual(naiveHits(['pass', 'key'], text));
    expect(hitsOf(['pass', 'key'], 'short pass')).toEqual([[0, 6]]);
  });

  it('collects more hits than its buffer first holds', () => {
    const text = 'key '.repeat(5000);
    expect(hitsOf(['key'], text)).toHaveLength(5000);
  });
});
