import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeSpans } from './merge-spans.js';
import type { SecretSpan } from './secret-span.js';

/** The definition, spelled out: a vendor span goes when some precise span lies strictly inside it. */
const reference = (
  spans: readonly SecretSpan[],
  preciseCount: number,
): SecretSpan[] => {
  const precise = spans.slice(0, preciseCount);
  const kept = spans.filter(
    (s, i) =>
      i < preciseCount ||
      !precise.some(
        (p) =>
          p.start >= s.start &&
          p.end <= s.end &&
          (p.start > s.start || p.end < s.end),
      ),
  );
  return mergeSpans(kept, kept.length);
};

const span = fc
  .record({
    start: fc.nat(60),
    length: fc.nat(12),
    kind: fc.constantFrom('a', 'b', 'c'),
  })
  .map(({ start, length, kind }) => ({ start, end: start + length, kind }));

describe('mergeSpans', () => {
  it('drops exactly the vendor spans that strictly contain a precise span, and merges the rest', () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 30 }), fc.nat(30), (spans, n) => {
        const preciseCount = Math.min(n, spans.length);
        expect(mergeSpans(spans, preciseCount)).toEqual(
          reference(spans, preciseCount),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('does not reorder the spans it is given', () => {
    const spans: SecretSpan[] = [
      { start: 9, end: 12, kind: 'late' },
      { start: 1, end: 3, kind: 'early' },
    ];
    mergeSpans(spans, 2);
    expect(spans.map((s) => s.kind)).toEqual(['late', 'early']);
  });
});
