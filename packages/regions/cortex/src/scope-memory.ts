import type { MemoryEntry } from '@engram/kernel';

/** What one scope's store holds, in file order (a `SemanticStore.read()` snapshot fits). */
export interface ScopeMemory {
  readonly rules: readonly MemoryEntry[];
  readonly lessons: readonly MemoryEntry[];
  readonly identities: readonly MemoryEntry[];
}

export const EMPTY_SCOPE: ScopeMemory = { rules: [], lessons: [], identities: [] };
