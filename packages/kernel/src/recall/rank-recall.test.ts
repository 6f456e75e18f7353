import { describe, expect, it } from 'vitest';
import { fitRecallBudget, orderRecall } from './order-recall.js';
import { readRecallQuery } from './quoted-query.js';
import { recallIndex, type RecallDoc } from './recall-index.js';
import { rankRecall } from './rank-recall.js';
import { spreadToNeighbours } from './spread-to-neighbours.js';

const DAY = 86_400_000;
const docs: RecallDoc[] = [
  { text: 'Ana: I went hiking with my dog last weekend.', who: 'Ana', atMs: 10 * DAY },
  { text: 'Bo: What did you paint?', who: 'Bo', atMs: 11 * DAY },
  { text: 'Ana: I painted a sunset over the lake.', who: 'Ana', atMs: 11 * DAY },
  { text: 'Bo: I painted my fence.', who: 'Bo', atMs: 11 * DAY },
  { text: 'ana:   i painted a sunset over the LAKE.', who: 'Ana', atMs: 12 * DAY },
  { text: 'Ana: the May trip was great', who: 'Ana', atMs: Date.UTC(2023, 4, 8) },
];

describe('rankRecall', () => {
  const index = recallIndex(docs);
  it('finds the answering item through inflection, with the named speaker ahead', () => {
    const ranked = rankRecall(index, docs, 'What did Ana paint?', 10);
    expect(ranked[0]).toBe(4); // the newer of the two identical turns
    expect(ranked).not.toContain(2); // merged into its duplicate
    expect(ranked.indexOf(4)).toBeLessThan(ranked.indexOf(3));
  });
  it('matches a session date written as words', () => {
    expect(rankRecall(index, docs, 'what happened in May 2023', 10)[0]).toBe(5);
  });
  it('finds nothing for a query sharing no term', () => {
    expect(rankRecall(index, docs, 'quantum chromodynamics', 10)).toEqual([]);
  });
});

describe('rankRecall with neighbours', () => {
  // A question whose words are split over two turns: one asks, the next answers.
  const talk: RecallDoc[] = [
    { text: 'Bo: How was the concert you went to?', atMs: DAY },
    { text: 'Ana: Loud and wonderful, I lost my voice singing along.', atMs: DAY },
    { text: 'Cy: I sang in a choir concert once, and I went to another concert with a friend.', atMs: 50 * DAY },
    { text: 'Cy: The weather was fine.', atMs: 50 * DAY },
  ];
  const index = recallIndex(talk);
  const next = (i: number): number[] => [i - 1, i + 1].filter((j) => j >= 0 && j < talk.length && talk[j]?.atMs === talk[i]?.atMs);
  it('raises the turn next to a strong match above a weak match elsewhere', () => {
    const plain = rankRecall(index, talk, 'what happened at the concert Ana went to', 3);
    expect(plain.indexOf(1)).toBeGreaterThan(plain.indexOf(2));
    const spread = rankRecall(index, talk, 'what happened at the concert Ana went to', 3, { neighbours: next });
    expect(spread.slice(0, 2).sort()).toEqual([0, 1]);
    expect(spread).not.toContain(3);
  });
  it('spreads half of a matched score to the items next to it and a quarter to those two steps away, never further', () => {
    const line = (size: number) => (i: number) => [i - 1, i + 1].filter((j) => j >= 0 && j < size);
    const out = spreadToNeighbours(new Map([[1, 4]]), line(6));
    expect([...out].sort((a, b) => a[0] - b[0])).toEqual([[0, 2], [1, 4], [2, 2], [3, 1]]);
  });
  it('spreads from the matched scores only: a share is not spread again, and shares of two matches add up', () => {
    const line = (i: number) => [i - 1, i + 1].filter((j) => j >= 0 && j < 7);
    const out = spreadToNeighbours(new Map([[1, 4], [5, 8]]), line);
    // 3 is two steps from both matches: a quarter of each; 4 and 6 are next to 5 (4 is three steps from 1: out of reach).
    expect([...out].sort((a, b) => a[0] - b[0])).toEqual([[0, 2], [1, 4], [2, 2], [3, 1 + 2], [4, 4], [5, 8], [6, 4]]);
  });
  it('counts an item once, at its nearest step, when the neighbours form a ring', () => {
    const ring = (i: number) => [(i + 2) % 3, (i + 1) % 3];
    expect([...spreadToNeighbours(new Map([[0, 4]]), ring)].sort((a, b) => a[0] - b[0])).toEqual([[0, 4], [1, 2], [2, 2]]);
  });
});

describe('orderRecall', () => {
  it('prefers the newer of two equally relevant items, but not over a clearly better one', () => {
    const c = (key: string, score: number, atMs: number) => ({ item: key, score, atMs, key, tie: 0 });
    expect(orderRecall([c('old', 1, 0), c('new', 1, 400 * DAY)], { limit: 5 }).map((x) => x.item)).toEqual(['new', 'old']);
    expect(orderRecall([c('old', 2, 0), c('new', 1, 400 * DAY)], { limit: 5 }).map((x) => x.item)).toEqual(['old', 'new']);
    expect(orderRecall([c('a', 1, 0)], { limit: 0 })).toEqual([]);
  });
});

describe('fitRecallBudget', () => {
  it('keeps what fits, skipping an item too large for what is left', () => {
    expect(fitRecallBudget([3, 5, 1, 2], 6, (x) => x)).toEqual({ kept: [3, 1, 2], omitted: 1 });
  });
});

describe('readRecallQuery', () => {
  it('reads a quoted query as literal text', () => {
    expect(readRecallQuery('"sales.csv"')).toEqual({ text: 'sales.csv', literal: true });
    expect(readRecallQuery('what did we do with sales.csv')).toEqual({ text: 'what did we do with sales.csv', literal: false });
    expect(readRecallQuery('sales', true)).toEqual({ text: 'sales', literal: true });
    expect(readRecallQuery('""')).toEqual({ text: '""', literal: false });
  });
});
