import { describe, expect, it } from 'vitest';
import { createPrng } from './prng.js';

describe('createPrng', () => {
  it('gives the same sequence for the same seed, another for another seed', () => {
    const draw = (seed: number): number[] => {
      const r = createPrng(seed);
      return Array.from({ length: 20 }, () => r.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('keeps int within its inclusive bounds and reaches both ends', () => {
    const r = createPrng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 1_000; i++) seen.add(r.int(2, 4));
    expect([...seen].sort()).toEqual([2, 3, 4]);
  });

  it('refuses to pick from an empty list', () => {
    expect(() => createPrng(1).pick([])).toThrow(/empty/);
  });
});
