import type { RunSpec } from './key-shaped-runs.js';

/** A stretch of text that is a secret: `[start, end)` is replaced by a `[REDACTED:<kind>]` marker. */
export interface SecretSpan {
  readonly start: number;
  readonly end: number;
  readonly kind: string;
}

/**
 * One way of finding secrets. `keywords` are lower-case substrings one of which every secret it
 * finds contains (gitleaks' rule keywords): the prefilter runs a detector only on the lines that
 * hold one of its keywords, so text without any keyword costs one pass of the keyword automaton. A detector with
 * no keywords runs on the whole text.
 */
export interface SecretDetector {
  readonly name: string;
  readonly keywords: readonly string[];
  /** Substrings one of which every match also contains (`@` for URL credentials): a window holding none is skipped unscanned. */
  readonly requires?: readonly string[];
  /** For a secret with no keyword: runs of key characters the prefilter reports as hits instead. */
  readonly run?: RunSpec;
  /**
   * `line`: given only the lines (joined ranges) around its keyword hits; `text`: the whole text;
   * `hits`: the whole text and where its keywords start, for a detector that only looks at its
   * hits (no window is cut or copied).
   */
  readonly scope: 'line' | 'text' | 'hits';
  /**
   * A proof of silence, hit by hit: false only when no span this detector could report (on any
   * window holding this hit) is anchored on this hit, i.e. every span it reports holds a hit for
   * which this answers true. `keyword` is the hit's keyword as the
   * prefilter sees it (lower case, cut to its first characters). A detector whose every hit is
   * disproved is not run at all, and text where every detector is disproved is returned as it
   * came, so a wrong `false` would let a secret through: when in doubt, answer true. Absent: any
   * hit may fire.
   */
  readonly mayFireAt?: (text: string, at: number, keyword: string) => boolean;
  /** `hits`: where this detector's keywords start in `text`, for detectors that anchor on them. */
  readonly detect: (text: string, hits?: readonly number[]) => readonly SecretSpan[];
}
