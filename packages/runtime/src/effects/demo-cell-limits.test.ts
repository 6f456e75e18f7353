import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoCellLimits } from './learning-demo.js';

describe('demoCellLimits', () => {
  it('never lets the liveness check kill a cell before the wall-clock limit, and grows (bounded) with the load', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1000, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const l = demoCellLimits(lo);
        const h = demoCellLimits(hi);
        expect(l.inactivityMs).toBeGreaterThan(l.timeoutMs);
        expect(h.timeoutMs).toBeGreaterThanOrEqual(l.timeoutMs);
        expect(h.timeoutMs).toBeLessThanOrEqual(8 * demoCellLimits(0).timeoutMs);
      }),
    );
    expect(demoCellLimits(4).timeoutMs).toBe(4 * demoCellLimits(0).timeoutMs);
  });
});
