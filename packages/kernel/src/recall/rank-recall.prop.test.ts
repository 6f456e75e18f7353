import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitRecallBudget } from './order-recall.js';
import { recallIndex, type RecallDoc } from './recall-index.js';
import { rankRecall } from './rank-recall.js';

const WORDS = ['paint', 'painted', 'dog', 'dogs', 'lake', 'hiking', 'sunset', 'fence', 'Ana', 'Bo', 'the', 'went', 'May'];
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 8 }).map((w) => w.join(' '));
const doc: fc.Arbitrary<RecallDoc> = fc.record({ text, who: fc.constantFrom('Ana', 'Bo', null), atMs: fc.option(fc.integer({ min: 0, max: 2e12 }), { nil: null }) });

describe('ranking core properties', () => {
  it('is deterministic: the same items and query give the same order, whatever was asked before', () => {
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 30 }), text, text, (docs, query, other) => {
        const index = recallIndex(docs);
        const a = rankRecall(index, docs, query, 10);
        rankRecall(index, docs, other, 10);
        expect(rankRecall(recallIndex([...docs]), docs, query, 10)).toEqual(a);
        expect(rankRecall(index, docs, query, 10)).toEqual(a);
      }),
      { numRuns: 200 },
    );
  });

  it('returns at most limit items, each sharing a term with the query, no text twice', () => {
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 30 }), text, fc.integer({ min: 0, max: 12 }), (docs, query, limit) => {
        const ranked = rankRecall(recallIndex(docs), docs, query, limit);
        expect(ranked.length).toBeLessThanOrEqual(limit);
        const texts = ranked.map((i) => docs[i]!.text.replace(/\s+/g, ' ').trim().toLowerCase());
        expect(new Set(texts).size).toBe(texts.length);
      }),
      { numRuns: 200 },
    );
  });

  it('never exceeds the budget', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 40 }), fc.integer({ min: 0, max: 200 }), (costs, budget) => {
        const { kept, omitted } = fitRecallBudget(costs, budget, (c) => c);
        expect(kept.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(budget);
        expect(kept.length + omitted).toBe(costs.length);
      }),
      { numRuns: 200 },
    );
  });
});
