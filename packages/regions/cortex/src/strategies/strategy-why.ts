import type { ConfidenceLabel } from './strategy-item.js';

const DAY_MS = 86_400_000;

export interface WhyFacts {
  /** Matching query terms, strongest first. */
  readonly terms: readonly string[];
  /** The tool, when the item says it is about it. */
  readonly aboutTool: string | null;
  readonly confidence: ConfidenceLabel;
  /** Milliseconds since it was last seen; null when unknown. */
  readonly ageMs: number | null;
  /** Terms to name at most. */
  readonly maxTerms: number;
}

const ageText = (ageMs: number | null): string => {
  if (ageMs === null) return 'age unknown';
  const days = Math.floor(Math.max(0, ageMs) / DAY_MS);
  return days === 0 ? 'seen today' : `seen ${days}d ago`;
};

/**
 * The short reason the audit shows for an injected item, e.g. "matches cbl, encoding, read_file;
 * about read_file; high confidence; seen 2d ago". A term that is part of a longer matching one
 * (`file` of `read_file`) is not named twice.
 */
export const strategyWhy = (facts: WhyFacts): string => {
  const named = facts.terms.filter((t) => !facts.terms.some((o) => o !== t && o.length > t.length && o.includes(t))).slice(0, facts.maxTerms);
  const parts: string[] = [];
  if (named.length > 0) parts.push(`matches ${named.join(', ')}`);
  if (facts.aboutTool !== null) parts.push(`about ${facts.aboutTool}`);
  parts.push(`${facts.confidence} confidence`, ageText(facts.ageMs));
  return parts.join('; ');
};
