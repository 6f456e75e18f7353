import type { MemoryEntry } from '@engram/kernel';
import { claimOf, jaccard } from './claim-of.js';
import { DEFAULT_CONTRADICTION_PARAMS, type ContradictionParams } from './contradiction-params.js';

/** Kinds that make claims a newer entry can contradict; profile facts merge by key instead. */
const CLAIM_KINDS: ReadonlySet<string | null> = new Set(['always', 'never', 'when', 'lesson']);

export interface Contradiction {
  readonly entry: MemoryEntry;
  readonly reason: string;
}

/**
 * The conservative heuristic (no model): an active entry contradicts the new text when both are
 * claims about the very same subject words (`sameSubjectJaccard`) with opposite polarity, e.g.
 * "Always use tabs" / "Never use tabs", "use pnpm" / "do not use pnpm". Long texts
 * (`maxSubjectWords`) are never judged. Pure.
 */
export const findContradictions = (text: string, kind: string | null, entries: readonly MemoryEntry[], params: ContradictionParams = DEFAULT_CONTRADICTION_PARAMS): Contradiction[] => {
  if (!CLAIM_KINDS.has(kind)) return [];
  const mine = claimOf(text, kind);
  if (mine.subject.size === 0 || mine.subject.size > params.maxSubjectWords) return [];
  const out: Contradiction[] = [];
  for (const entry of entries) {
    if (!CLAIM_KINDS.has(entry.kind) || entry.text === text) continue;
    const theirs = claimOf(entry.text, entry.kind);
    if (theirs.subject.size > params.maxSubjectWords || theirs.negated === mine.negated) continue;
    if (jaccard(mine.subject, theirs.subject) >= params.sameSubjectJaccard) out.push({ entry, reason: `negation flip over the same subject words (${[...mine.subject].sort().join(' ')})` });
  }
  return out;
};

/**
 * The entries worth showing the model judge: claims sharing at least one subject word with the
 * new text, most shared first, at most `maxJudged`. Pure.
 */
export const contradictionCandidates = (text: string, kind: string | null, entries: readonly MemoryEntry[], params: ContradictionParams = DEFAULT_CONTRADICTION_PARAMS): MemoryEntry[] => {
  if (!CLAIM_KINDS.has(kind)) return [];
  const mine = claimOf(text, kind).subject;
  return entries
    .filter((e) => CLAIM_KINDS.has(e.kind) && e.text !== text)
    .map((e) => ({ e, shared: [...claimOf(e.text, e.kind).subject].filter((w) => mine.has(w)).length }))
    .filter((x) => x.shared > 0)
    .sort((a, b) => b.shared - a.shared)
    .slice(0, params.maxJudged)
    .map((x) => x.e);
};
