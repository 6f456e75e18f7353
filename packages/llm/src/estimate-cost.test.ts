import { describe, expect, it } from 'vitest';
import { estimateCost } from './estimate-cost.js';

describe('estimateCost', () => {
  it('prices by the longest matching model prefix', () => {
    expect(estimateCost('claude-sonnet-5-5', 1_000_000, 0)).toBe(3);
    expect(estimateCost('claude-sonnet-5-5', 0, 1_000_000)).toBe(15);
    expect(estimateCost('claude-opus-4-1-20250805', 1_000_000, 0)).toBe(15);
    expect(estimateCost('claude-opus-5', 1_000_000, 0)).toBe(5);
    expect(estimateCost('gpt-4o-mini-2024', 1_000_000, 1_000_000)).toBeCloseTo(0.75);
  });
  it('costs nothing for unknown (local) models, and takes a custom table', () => {
    expect(estimateCost('qwen2.5-coder:7b', 5000, 5000)).toBe(0);
    expect(
      estimateCost('qwen2.5-coder:7b', 1_000_000, 0, {
        qwen: { inputPerMTok: 0.1, outputPerMTok: 0 },
      }),
    ).toBeCloseTo(0.1);
  });
});
