import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SequenceMatcher } from './sequence-matcher.js';

/** Short strings over a small alphabet, so common characters (and ties) are frequent. */
const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '-', 'é', '😀'), maxLength: 24 });
/** Long enough for the autojunk heuristic to apply. */
const long = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), minLength: 200, maxLength: 320 });

describe('SequenceMatcher properties (as difflib defines them)', () => {
  it('ratio is in [0, 1] and bounded by quick_ratio, which is bounded by real_quick_ratio', () => {
    fc.assert(
      fc.property(fc.oneof(text, long), fc.oneof(text, long), (a, b) => {
        const m = new SequenceMatcher(a, b);
        const r = m.ratio();
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(1);
        expect(r).toBeLessThanOrEqual(m.quickRatio() + 1e-12);
        expect(m.quickRatio()).toBeLessThanOrEqual(m.realQuickRatio() + 1e-12);
      }),
    );
  });
  it('quick_ratio and real_quick_ratio are symmetric; ratio need not be (tide/diet), but is 1 exactly for equal strings', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(new SequenceMatcher(a, b).quickRatio()).toBe(new SequenceMatcher(b, a).quickRatio());
        expect(new SequenceMatcher(a, b).realQuickRatio()).toBe(new SequenceMatcher(b, a).realQuickRatio());
        expect(new SequenceMatcher(a, a).ratio()).toBe(1);
      }),
    );
  });
  it('matching blocks are equal runs, ascending and non-overlapping in both sequences', () => {
    fc.assert(
      fc.property(text, fc.oneof(text, long), (a, b) => {
        const [ca, cb] = [Array.from(a), Array.from(b)];
        let [endA, endB] = [0, 0];
        for (const m of new SequenceMatcher(a, b).matchingBlocks()) {
          expect(ca.slice(m.a, m.a + m.size)).toEqual(cb.slice(m.b, m.b + m.size));
          expect(m.a).toBeGreaterThanOrEqual(endA);
          expect(m.b).toBeGreaterThanOrEqual(endB);
          [endA, endB] = [m.a + m.size, m.b + m.size];
        }
      }),
    );
  });
  it('shares no characters means ratio 0', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', 'b'), minLength: 1 }), fc.string({ unit: fc.constantFrom('x', 'y'), minLength: 1 }), (a, b) => new SequenceMatcher(a, b).ratio() === 0));
  });
});
