import type { Confidence, EngramKind, EngramScope, EngramSource, MemoryEntry, TrustTier } from './engram.js';

/**
 * The storage port for semantic memory (rules, lessons, profile) of one scope. Narrow on
 * purpose: the file backend (hippocampus) implements it today, a database backend can later.
 * Every method is async because real backends do I/O; callers never see the storage format.
 */
export interface SemanticStore {
  readonly scope: EngramScope;
  /** Everything the store holds, plus what it could not read (never fatal). */
  read(): Promise<SemanticSnapshot>;
  /** Stores engrams in order, deduping as Anton does; one call is one write per file. */
  encode(requests: readonly EncodeRequest[]): Promise<readonly EncodeResult[]>;
  /** Replaces an entry's text, keeping its id. */
  update(id: string, text: string): Promise<MutationResult>;
  /** Removes the entry with this id. */
  remove(id: string): Promise<MutationResult>;
  /** Deletes every semantic memory file of the scope. */
  clear(): Promise<void>;
  /** Formats a section for a prompt within a token budget that counts every emitted character. */
  recall(request: RecallRequest): Promise<RecallResult>;
}

export interface EncodeRequest {
  readonly text: string;
  /** `profile` merges an identity fact (a `key: value` fact replaces the older one with that key). */
  readonly kind: EngramKind;
  readonly confidence?: Confidence | null;
  readonly topic?: string | null;
  readonly source?: EngramSource | null;
  /**
   * When the entry was made (a full UTC ISO time); default now. Only an import sets it, so an
   * entry brought from Anton keeps its date instead of taking the import's.
   */
  readonly at?: string;
  /** Recorded as `trust:` in the entry's metadata; none recorded when absent. */
  readonly trust?: TrustTier | null;
}

/**
 * `added`: written. `duplicate`: the same text is already stored (entry is the stored one).
 * `superseded`: an identity fact replaced an older one with the same key. `empty`: nothing was
 * left after scrubbing and sanitising, so nothing was written.
 */
export type EncodeOutcome = 'added' | 'duplicate' | 'superseded' | 'empty';

export interface EncodeResult {
  readonly outcome: EncodeOutcome;
  readonly entry: MemoryEntry | null;
  /** Where it went (a file path for the file backend). */
  readonly location: string;
}

export type MutationOutcome = 'updated' | 'removed' | 'unchanged' | 'duplicate' | 'empty' | 'not-found';

export interface MutationResult {
  readonly outcome: MutationOutcome;
  readonly entry: MemoryEntry | null;
}

/** Something in stored memory that could not be read as written; it is kept, never dropped. */
export interface MemoryDiagnostic {
  readonly location: string;
  readonly line: number;
  readonly field: string | null;
  readonly message: string;
}

export interface SemanticSnapshot {
  readonly rules: readonly MemoryEntry[];
  readonly lessons: readonly MemoryEntry[];
  readonly identities: readonly MemoryEntry[];
  readonly diagnostics: readonly MemoryDiagnostic[];
}

export type RecallSection = 'rules' | 'lessons' | 'identity' | 'topic' | 'scratchpad-wisdom';

export interface RecallRequest {
  readonly section: RecallSection;
  /** Tokens (4 characters each, Anton's estimate); null means no limit. */
  readonly tokenBudget: number | null;
  /** For `topic`: the topic slug. */
  readonly topic?: string;
  /** For `rules` and `lessons`: leave out scratchpad-related entries (they go to the primer). */
  readonly excludeScratchpad?: boolean;
}

export interface RecallResult {
  /** Exactly what goes into the prompt ("" when nothing fits or nothing is stored). */
  readonly text: string;
  /** Estimated tokens of `text`; never above the budget. */
  readonly tokens: number;
  readonly entries: readonly MemoryEntry[];
  /** Candidates left out because the budget ran out. */
  readonly omitted: number;
}
