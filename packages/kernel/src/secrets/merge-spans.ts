import type { SecretSpan } from './secret-span.js';

/**
 * Spans as disjoint, sorted stretches. Overlapping spans become their union, named after the
 * span found first (detectors run most specific first, so a key's vendor name wins over
 * `secret`). A vendor span that strictly contains a more precise one (a whole database URL
 * around its password) is dropped: the precise span already covers the secret inside it.
 */
export const mergeSpans = (spans: readonly SecretSpan[], preciseCount = spans.length): SecretSpan[] => {
  const precise = spans.slice(0, preciseCount).sort((a, b) => a.start - b.start);
  const kept = spans.filter((s, i) => i < preciseCount || !holdsPreciseSpan(precise, s));
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

/** The first index in `sorted` (by start) whose span starts at or after `start`. */
const firstFrom = (sorted: readonly SecretSpan[], start: number): number => {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as SecretSpan).start < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * Whether a precise span lies strictly inside `s`. Only the precise spans starting within `s` are
 * looked at (a binary search finds the first): asking every precise span of every vendor span made
 * a text dense with secrets quadratic (2 MB of `api_key = 'sk_live_...'` lines took 22 s).
 */
const holdsPreciseSpan = (sorted: readonly SecretSpan[], s: SecretSpan): boolean => {
  for (let i = firstFrom(sorted, s.start); i < sorted.length; i++) {
    const p = sorted[i] as SecretSpan;
    if (p.start > s.end) return false;
    if (p.end <= s.end && (p.start > s.start || p.end < s.end)) return true;
  }
  return false;
};
