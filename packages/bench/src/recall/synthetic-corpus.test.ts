import { describe, expect, it } from 'vitest';
import { bm25Tokens } from '@engram/kernel';
import { syntheticCorpus, turnSample } from './synthetic-corpus.js';

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

describe('commonQuestion', () => {
  it('asks with words the ranker keeps, each in many turns', () => {
    const c = syntheticCorpus(5);
    const words = bm25Tokens(c.commonQuestion());
    expect(words).toHaveLength(3);
    const texts = Array.from({ length: 2000 }, () => ` ${c.turn().text} `);
    for (const w of words) expect(texts.filter((t) => t.includes(` ${w} `)).length).toBeGreaterThan(60);
  });
});

describe('turnSample', () => {
  const sampleOf = (seed: number, n: number, want: number) => {
    const s = turnSample(seed, want);
    for (let i = 0; i < n; i++) s.offer(`t${i}`);
    return s.kept();
  };

  it('keeps everything offered while fewer than wanted', () => expect(sampleOf(1, 3, 5)).toEqual(['t0', 't1', 't2']));

  it('keeps the same texts for a seed, spread over all that was offered', () => {
    const kept = sampleOf(9, 10_000, 100);
    expect(kept).toEqual(sampleOf(9, 10_000, 100));
    expect(new Set(kept).size).toBe(100);
    expect(kept.filter((t) => Number(t.slice(1)) >= 5000).length).toBeGreaterThan(30);
  });
});
