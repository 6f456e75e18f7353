import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bm25Index } from './bm25.js';

/**
 * Documents are words from a small vocabulary (each word is exactly one token), so a property can
 * say which query terms a document holds. `QUERY_WORDS` and `OTHER_WORDS` never overlap.
 */
const QUERY_WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo'] as const;
const OTHER_WORDS = ['xray', 'yankee', 'zulu'] as const;
const anyWord = fc.constantFrom(...QUERY_WORDS, ...OTHER_WORDS);
const words = fc.array(anyWord, { minLength: 1, maxLength: 10 });
const corpus = fc.array(words, { minLength: 1, maxLength: 6 });
const query = fc.uniqueArray(fc.constantFrom(...QUERY_WORDS), { minLength: 1, maxLength: 5 });
const text = (ws: readonly string[]) => ws.join(' ');

describe('bm25Index properties', () => {
  it('a document that holds a query term scores above 0, and one that holds none scores exactly 0', () => {
    fc.assert(
      fc.property(corpus, query, (docs, q) => {
        const scores = bm25Index(docs.map(text)).scores(q);
        docs.forEach((d, i) => {
          const holds = d.some((w) => q.includes(w as (typeof QUERY_WORDS)[number]));
          if (holds) expect(scores[i]).toBeGreaterThan(0);
          else expect(scores[i]).toBe(0);
        });
      }),
    );
  });

  it('scores do not depend on the order of the corpus', () => {
    fc.assert(
      fc.property(corpus.chain((docs) => fc.tuple(fc.constant(docs), fc.shuffledSubarray(docs.map((_, i) => i), { minLength: docs.length, maxLength: docs.length }))), query, ([docs, order], q) => {
        const base = bm25Index(docs.map(text)).scores(q);
        const shuffled = bm25Index(order.map((i) => text(docs[i] ?? []))).scores(q);
        order.forEach((from, to) => expect(shuffled[to]).toBeCloseTo(base[from] ?? NaN, 9));
      }),
    );
  });

  it('between two documents of the same length, the one holding each query term at least as often scores at least as high', () => {
    // B is A with some of its words replaced by a word outside the query: same length, fewer hits.
    const pair = words.chain((a) => fc.tuple(fc.constant(a), fc.array(fc.boolean(), { minLength: a.length, maxLength: a.length })).map(([a, drop]) => [a, a.map((w, i) => (drop[i] ? 'zulu' : w))] as const));
    fc.assert(
      fc.property(pair, corpus, query, ([a, b], rest, q) => {
        const scores = bm25Index([text(a), text(b), ...rest.map(text)]).scores(q);
        expect(scores[0]).toBeGreaterThanOrEqual((scores[1] ?? 0) - 1e-12);
      }),
    );
  });

  it('the score of a query is the sum of the scores of its terms', () => {
    fc.assert(
      fc.property(corpus, query, (docs, q) => {
        const index = bm25Index(docs.map(text));
        docs.forEach((_, i) => expect(index.score(q, i)).toBeCloseTo(q.reduce((sum, t) => sum + index.score([t], i), 0), 9));
      }),
    );
  });

  it('for a one-term query, adding an unrelated document of average length never reorders the others', () => {
    // The idf of the term changes by one common factor, and avgdl does not move.
    fc.assert(
      fc.property(corpus, fc.constantFrom(...QUERY_WORDS), (docs, term) => {
        const total = docs.reduce((n, d) => n + d.length, 0);
        fc.pre(total % docs.length === 0);
        const before = bm25Index(docs.map(text)).scores([term]);
        const after = bm25Index([...docs.map(text), Array.from({ length: total / docs.length }, () => 'xray').join(' ')]).scores([term]);
        for (let i = 0; i < docs.length; i++)
          for (let j = 0; j < docs.length; j++) if ((before[i] ?? 0) > (before[j] ?? 0) + 1e-12) expect(after[i]).toBeGreaterThan((after[j] ?? 0) - 1e-12);
      }),
    );
  });

  it('does not claim more: a long unrelated document moves avgdl and can reorder two others (found by fast-check)', () => {
    const docs = ['alpha alpha delta alpha alpha alpha delta alpha', 'delta alpha alpha'];
    const before = bm25Index(docs).scores(['delta']);
    const after = bm25Index([...docs, 'zulu zulu zulu zulu zulu zulu zulu zulu']).scores(['delta']);
    // The short document wins alone; once a long one lifts avgdl, the long document's two hits win.
    expect(before[1]).toBeGreaterThan(before[0] ?? 0);
    expect(after[0]).toBeGreaterThan(after[1] ?? 0);
  });
});
