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
  /** `hits`: where this detector's keywords start in `text`, for detectors that anchor on them. */
  readonly detect: (text: string, hits?: readonly number[]) => readonly SecretSpan[];
}
