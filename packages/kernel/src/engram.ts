import type { EngramData, TrustTier } from '@engram/events';

/**
 * The unit of declarative memory, as it travels on the bus (Anton's Engram fields, null for
 * "none"). Kernel re-exports the event vocabulary's shape so stores and regions share one type.
 */
export type Engram = EngramData;
export type EngramKind = NonNullable<EngramData['kind']>;
export type EngramScope = NonNullable<EngramData['scope']>;
export type Confidence = NonNullable<EngramData['confidence']>;
export type EngramSource = NonNullable<EngramData['source']>;
export type RuleKind = Extract<EngramKind, 'always' | 'never' | 'when'>;

/** The rule sections in the order Anton writes them. */
export const RULE_KINDS: readonly RuleKind[] = ['always', 'never', 'when'];

export const isRuleKind = (s: string): s is RuleKind => s === 'always' || s === 'never' || s === 'when';

/**
 * One entry as a store holds it. `id` is stable across text updates and differs between kinds
 * and scopes (Anton's id was sha256(text) alone, anton.md §15.26). `section` is the lower-cased
 * rules heading the entry sits under (`always`, or `notes` for a hand-made section, whose
 * `kind` is then null); null outside rules. `updatedAt` is a full UTC ISO time when known
 * (`2026-11-22T03:15:00.123Z`), or only a day (`2026-11-22`) for entries written by Anton.
 */
export interface MemoryEntry extends Engram {
  readonly id: string;
  readonly section: string | null;
  readonly updatedAt: string | null;
  /** Where the words came from (`trust:` in the metadata comment); absent when the entry records none (read it through `trustOf`). */
  readonly trust?: TrustTier;
}

export type { TrustTier };

/**
 * The tier an entry is treated as. An entry that records none (written by Anton, by engram
 * before tiers, or by hand without `trust:`) counts as `model`: Anton marked the model's own
 * memorize calls `source:user`, so no older field can vouch for a person; a person who wrote a
 * line by hand can add `trust:user`.
 */
export const trustOf = (entry: Pick<MemoryEntry, 'trust'>): TrustTier => entry.trust ?? 'model';
