import type { EngramScope, MemoryEntry, SemanticStore } from '@engram/kernel';

/** An entry as found in one scope. */
export interface FoundMemoryEntry {
  readonly scope: EngramScope;
  readonly entry: MemoryEntry;
}

/**
 * Every entry an id or exact text names, in the scopes given (`memory edit` and `remove` act on
 * exactly one: none or several is the caller's usage error).
 */
export const findMemoryEntries = async (stores: Readonly<Record<EngramScope, SemanticStore>>, scopes: readonly EngramScope[], target: string): Promise<FoundMemoryEntry[]> => {
  const hits: FoundMemoryEntry[] = [];
  for (const s of scopes) {
    const snap = await stores[s].read();
    for (const e of [...snap.rules, ...snap.lessons, ...snap.identities]) if (e.id === target || e.text === target) hits.push({ scope: s, entry: e });
  }
  return hits;
};
