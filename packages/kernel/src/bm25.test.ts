import { describe, expect, it } from 'vitest';
import { bm25Idf, bm25Index, bm25IndexOfTokens, bm25Tokens } from './bm25.js';

/**
 * A three-document corpus scored by hand (k1 = 1.2, b = 0.75):
 *   d0 "encoding error cobol"          3 tokens
 *   d1 "encoding encoding"             2 tokens
 *   d2 "python pandas dataframe merge" 4 tokens      avgdl = 9 / 3 = 3
 * idf(encoding) = ln(1 + (3 - 2 + 0.5) / (2 + 0.5)) = ln 1.6      = 0.4700036
 * idf(cobol)    = ln(1 + (3 - 1 + 0.5) / (1 + 0.5)) = ln(8/3)    = 0.9808293
 * d0, encoding: tf 1, norm 0.25 + 0.75·3/3 = 1.00 → 1·2.2 / (1 + 1.2·1.00) = 1        → 0.4700036
 * d1, encoding: tf 2, norm 0.25 + 0.75·2/3 = 0.75 → 2·2.2 / (2 + 1.2·0.75) = 4.4/2.9  → 0.7131090
 * d2, python:   tf 1, norm 0.25 + 0.75·4/3 = 1.25 → 1·2.2 / (1 + 1.2·1.25) = 0.88     → 0.8631297
 */
const corpus = ['encoding error cobol', 'encoding encoding', 'python pandas dataframe merge'];
const index = bm25Index(corpus);
const q = (text: string) => bm25Tokens(text);

describe('bm25Index', () => {
  it('computes the corpus statistics', () => {
    expect(index.size).toBe(3);
    expect(index.averageLength).toBe(3);
    expect(index.idf('encoding')).toBeCloseTo(0.4700036, 6);
    expect(index.idf('cobol')).toBeCloseTo(0.9808293, 6);
    expect(index.idf('absent')).toBeCloseTo(Math.log(1 + 3.5 / 0.5), 9);
  });

  it('matches the hand-computed scores', () => {
    const s = index.scores(q('encoding'));
    expect(s[0]).toBeCloseTo(0.4700036, 6);
    expect(s[1]).toBeCloseTo(0.713109, 6);
    expect(s[2]).toBe(0);
    expect(index.score(q('cobol encoding'), 0)).toBeCloseTo(0.4700036 + 0.9808293, 6);
    expect(index.score(q('python'), 2)).toBeCloseTo(0.8631297, 6);
  });

  it('counts each distinct query term once, whatever the order', () => {
    expect(index.score(q('encoding encoding cobol'), 0)).toBeCloseTo(index.score(q('cobol encoding'), 0), 12);
  });

  it('keeps idf positive for a term that is in every document', () => {
    const all = bm25Index(['error one', 'error two', 'error three']);
    expect(all.idf('error')).toBeCloseTo(Math.log(1 + 0.5 / 3.5), 9);
    expect(all.score(['error'], 0)).toBeGreaterThan(0);
  });

  it('explains a score term by term, largest share first', () => {
    const parts = index.contributions(q('encoding cobol python'), 0);
    expect(parts.map((c) => c.term)).toEqual(['cobol', 'encoding']);
    expect(parts[0]?.score).toBeCloseTo(0.9808293, 6);
  });

  it('matches identifiers and their parts', () => {
    const tools = bm25Index(['Check the encoding before read_file on .cbl', 'Use readFile carefully', 'Unrelated pandas advice']);
    const s = tools.scores(q('read_file legacy/PAYROLL.cbl'));
    expect(s[0]).toBeGreaterThan(s[1] ?? 0);
    expect(s[1]).toBeGreaterThan(0);
    expect(s[2]).toBe(0);
  });

  it('survives an empty corpus and empty documents, and rejects an unknown document', () => {
    expect(bm25Index([]).scores(['x'])).toEqual([]);
    expect(bm25Index(['', '']).scores(['anything'])).toEqual([0, 0]);
    expect(() => index.score(['encoding'], 3)).toThrow(/no document 3/);
  });

  it('gives the same scores from tokens kept by the caller', () => {
    const fromTokens = bm25IndexOfTokens(corpus.map(bm25Tokens));
    expect(fromTokens.scores(q('cobol encoding python'))).toEqual(index.scores(q('cobol encoding python')));
  });
});

describe('bm25Idf', () => {
  it('weighs a rare word above a common one', () => {
    expect(bm25Idf(1000, 1)).toBeGreaterThan(bm25Idf(1000, 500));
  });
});
