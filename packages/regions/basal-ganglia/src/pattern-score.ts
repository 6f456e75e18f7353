import type { PatternKind } from './pattern.js';

/** A pattern's evidence in the window and its confidence = frequency x consistency x recency. */
export interface PatternScore {
  readonly id: string;
  readonly kind: PatternKind;
  readonly tools: readonly string[];
  /** Fresh occurrences in the window (self-confirmed ones excluded). */
  readonly observations: number;
  /** Occurrences excluded because the pattern's own rule was being injected. */
  readonly selfConfirmed: number;
  /** Distinct sessions with a fresh occurrence. */
  readonly sessions: number;
  readonly sessionsInWindow: number;
  readonly firstSeen: number;
  readonly lastSeen: number;
  readonly frequency: number;
  readonly consistency: number;
  readonly recency: number;
  readonly confidence: number;
  /** Whether the sessions shown this habit failed less than the others (`habitOutcome`); null until enough of both. */
  readonly helped: boolean | null;
}
