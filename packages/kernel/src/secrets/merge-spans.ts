import type { SecretSpan } from './secret-span.js';

/**
 * Spans as disjoint, sorted stretches. Overlapping spans become their union, named after the
 * span found first (detectors run most specific first, so a key's vendor name wins over
 * `secret`). A vendor span that strictly contains a more precise one (a whole database URL
 * around its password) is dropped: the precise span already covers the secret inside it.
 */
export const mergeSpans = (spans: readonly SecretSpan[], preciseCount = spans.length): SecretSpan[] => {
  const precise = spans.slice(0, preciseCount);
  const kept = spans.filter((s, i) => i < preciseCount || !precise.some((p) => p.start >= s.start && p.end <= s.end && (p.start > s.start || p.end < s.end)));
  const ordered = kept.map((s, rank) => ({ s, rank })).sort((a, b) => a.s.start - b.s.start || a.rank - b.rank);
  const out: { start: number; end: number; kind: string; rank: number }[] = [];
  for (const { s, rank } of ordered) {
    if (s.end <= s.start) continue;
    const last = out[out.length - 1];
    if (last !== undefined && s.start < last.end) {
      last.end = Math.max(last.end, s.end);
      if (rank < last.rank) {
        last.kind = s.kind;
        last.rank = rank;
      }
    } else out.push({ start: s.start, end: s.end, kind: s.kind, rank });
  }
  return out.map(({ start, end, kind }) => ({ start, end, kind }));
};
