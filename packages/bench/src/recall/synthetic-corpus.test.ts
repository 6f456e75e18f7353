import { describe, expect, it } from 'vitest';
import { syntheticCorpus } from './synthetic-corpus.js';

const turns = (seed: number, n: number) => {
  const c = syntheticCorpus(seed);
  return Array.from({ length: n }, () => c.turn().text);
};

describe('syntheticCorpus', () => {
  it('gives the same turns for a seed and other turns for another seed', () => {
    expect(turns(7, 50)).toEqual(turns(7, 50));
    expect(turns(8, 50)).not.toEqual(turns(7, 50));
  });

  it('draws words by Zipf: the most common word is in many turns, most words in few', () => {
    const counts = new Map<string, number>();
    for (const t of turns(1, 2000)) for (const w of new Set(t.slice(t.indexOf(':') + 1).trim().split(' '))) counts.set(w, (counts.get(w) ?? 0) + 1);
    const sorted = [...counts.values()].sort((a, b) => b - a);
    expect(sorted[0]).toBeGreaterThan(500);
    expect(sorted.filter((n) => n <= 2).length).toBeGreaterThan(sorted.length / 2);
  });

  it('asks about a turn with three of its words among common ones', () => {
    const c = syntheticCorpus(3);
    const t = c.turn().text;
    const own = new Set(t.slice(t.indexOf(':') + 1).trim().split(' '));
    const q = c.question(t).replace(/\?$/, '').split(' ');
    expect(q).toHaveLength(6);
    expect(q.slice(1, 4).every((w) => own.has(w))).toBe(true);
  });
});
