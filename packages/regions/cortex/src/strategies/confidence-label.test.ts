import { describe, expect, it } from 'vitest';
import { confidenceLabel } from './confidence-label.js';
import { defaultStrategyParams } from './strategy-params.js';

describe('confidenceLabel', () => {
  it('keeps labels and maps a recipe confidence by sightings: 0.4 low, 0.6 medium, 0.8 high', () => {
    expect(confidenceLabel('high', defaultStrategyParams)).toBe('high');
    expect(confidenceLabel('low', defaultStrategyParams)).toBe('low');
    expect(confidenceLabel(0.4, defaultStrategyParams)).toBe('low');
    expect(confidenceLabel(0.4 + 0.2, defaultStrategyParams)).toBe('medium');
    expect(confidenceLabel(0.2 + 0.2 + 0.2 + 0.2, defaultStrategyParams)).toBe('high');
    expect(confidenceLabel(0.7999999999999999, defaultStrategyParams)).toBe('high');
  });

  it('clamps numbers outside 0..1 and treats NaN as no confidence', () => {
    expect(confidenceLabel(7, defaultStrategyParams)).toBe('high');
    expect(confidenceLabel(-1, defaultStrategyParams)).toBe('low');
    expect(confidenceLabel(Number.NaN, defaultStrategyParams)).toBe('low');
  });
});
