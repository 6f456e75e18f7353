import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuseRankings, RRF_K } from './fuse-rankings.js';
import { bytesVector, cosine, nearestVectors, vectorByteLength, vectorBytes } from './nearest-vectors.js';
import { recallIndex, type RecallDoc } from './recall-index.js';
import { rankRecall } from './rank-recall.js';

describe('fuseRankings', () => {
  it('puts an item both lists rank well ahead of one only a single list ranks first', () => {
    const fused = fuseRankings([
      ['a', 'b', 'c'],
      ['c', 'b', 'd'],
    ]);
    expect(fused.get('b')).toBeCloseTo(2 / (RRF_K + 2));
    expect([...fused].sort((x, y) => y[1] - x[1]).map(([k]) => k)).toEqual(['c', 'b', 'a', 'd']);
  });

  it('scores every item of every list, higher for a better rank (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 50 }), { maxLength: 20 }), fc.uniqueArray(fc.integer({ min: 0, max: 50 }), { maxLength: 20 }), (a, b) => {
        const fused = fuseRankings([a, b]);
        expect(new Set(fused.keys())).toEqual(new Set([...a, ...b]));
        for (let i = 1; i < a.length; i++) if (!b.includes(a[i - 1]!) && !b.includes(a[i]!)) expect(fused.get(a[i - 1]!)! > fused.get(a[i]!)!).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('nearestVectors', () => {
  it('orders by cosine, keeps only similarity above 0, and round-trips vectors through bytes', () => {
    const q = Float32Array.from([1, 0, 0]);
    const rows = [['far', Float32Array.from([0, 1, 0])], ['near', Float32Array.from([1, 0.1, 0])], ['mid', Float32Array.from([1, 1, 0])]] as const;
    expect(nearestVectors(q, rows, 5).map((r) => r.item)).toEqual(['near', 'mid']);
    expect(cosine(q, Float32Array.from([1, 0]))).toBe(0);
    expect([...bytesVector(vectorBytes(Float32Array.from([0.5, -2, 3.25])))]).toEqual([0.5, -2, 3.25]);
  });

  it('never scores a vector of another dimension than the query (another model under the same name), even one that agrees on every shared number', () => {
    const q = Float32Array.from([1, 0, 0]);
    const rows = [['longer', Float32Array.from([1, 0, 0, 0])], ['shorter', Float32Array.from([1, 0])], ['same', Float32Array.from([0.5, 0.5, 0])]] as const;
    expect(nearestVectors(q, rows, 5).map((r) => r.item)).toEqual(['same']);
    // The stores filter by stored length: the bytes of a 3-number vector.
    expect(vectorByteLength(3)).toBe(vectorBytes(q).length);
  });
});

describe('rankRecall with meaning', () => {
  const docs: RecallDoc[] = [{ text: 'Karl mended the gearbox' }, { text: 'the fix for the car radio' }, { text: 'weather was fine' }];
  it('ranks an item found by meaning alone, and fuses it with the words', () => {
    const index = recallIndex(docs);
    expect(rankRecall(index, docs, 'fix my car transmission', 5)).toEqual([1]);
    expect(rankRecall(index, docs, 'fix my car transmission', 5, { meaning: [0, 1] })).toEqual([1, 0]);
    expect(new Set(rankRecall(index, docs, 'fix my car transmission', 5, { meaning: [0] }))).toEqual(new Set([0, 1]));
  });
});
