import type { MemoryEntry } from './engram.js';

/** Why an entry was retired (the `reason` of `hippocampus.engram.superseded`). */
export type SupersedeReason = 'correction' | 'contradiction' | 'slot-rival';

/** A retired entry as the history keeps it: the entry as it was, plus who retired it, when and why. */
export interface RetiredEntry extends MemoryEntry {
  readonly supersededBy: string | null;
  readonly supersededAt: string;
  readonly reason: SupersedeReason;
  readonly note: string;
  readonly proposalId: string | null;
}

/**
 * Where a scope's retired entries go (the file backend: `memory/history.jsonl`). A port so the
 * cortex, which decides what is retired, never imports the store that keeps it.
 */
export interface MemoryHistoryPort {
  append(records: readonly RetiredEntry[]): Promise<void>;
}
