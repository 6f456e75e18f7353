import { SequenceMatcher } from './sequence-matcher.js';

/** Anton's cutoff for a typo-tolerant skill lookup (anton.md §10.4). */
export const CLOSE_MATCH_CUTOFF = 0.6;

/**
 * Python's `difflib.get_close_matches(word, possibilities, n, cutoff)`: each candidate is
 * sequence `a` and the word is `b`; candidates scoring at least `cutoff` are kept and the best
 * `n` returned, highest score first, ties to the lexicographically larger candidate (Python
 * compares the `(score, candidate)` pairs). The quick-ratio pre-filters only skip work.
 */
export const closeMatches = (word: string, possibilities: readonly string[], n = 3, cutoff = CLOSE_MATCH_CUTOFF): string[] => {
  if (n <= 0) throw new RangeError(`n must be > 0: ${n}`);
  if (!(cutoff >= 0 && cutoff <= 1)) throw new RangeError(`cutoff must be in [0.0, 1.0]: ${cutoff}`);
  const scored: { score: number; candidate: string }[] = [];
  for (const candidate of possibilities) {
    const m = new SequenceMatcher(candidate, word);
    if (m.realQuickRatio() >= cutoff && m.quickRatio() >= cutoff) {
      const score = m.ratio();
      if (score >= cutoff) scored.push({ score, candidate });
    }
  }
  scored.sort((x, y) => y.score - x.score || (x.candidate < y.candidate ? 1 : x.candidate > y.candidate ? -1 : 0));
  return scored.slice(0, n).map((s) => s.candidate);
};
