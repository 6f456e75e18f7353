import type { MemoryEntry } from '@engram/kernel';
import { derivedEntryId } from './entry-id.js';
import type { MemoryDocument } from './memory-document.js';
import { appendEntries, type PlacedEntry } from './add-entries.js';

export type IdentityOutcome = 'added' | 'duplicate' | 'superseded';

/**
 * The key of a `key: value` fact: the part before the first colon, trimmed and lower-cased.
 * Anton matched `key + ":"` against the raw fact, so `Name : Old` was never replaced (§15.28);
 * trimming both sides fixes that.
 */
export const factKey = (fact: string): string | null => {
  const colon = fact.indexOf(':');
  return colon < 0 ? null : fact.slice(0, colon).trim().toLowerCase();
};

/**
 * Merges identity facts as Anton's `rewrite_identity` does (anton.md §6.5): an exact duplicate
 * is skipped; a `key: value` fact removes every older fact with the same key and goes to the
 * end. Facts must already be cleaned and non-empty.
 */
export const mergeIdentity = (doc: MemoryDocument, facts: readonly string[]): { doc: MemoryDocument; results: { outcome: IdentityOutcome; entry: MemoryEntry }[] } => {
  let current = doc;
  const results: { outcome: IdentityOutcome; entry: MemoryEntry }[] = [];
  for (const fact of facts) {
    const existing = current.lines.find((l) => l.item?.entry.text === fact)?.item?.entry;
    if (existing !== undefined) {
      results.push({ outcome: 'duplicate', entry: existing });
      continue;
    }
    const key = factKey(fact);
    const kept = key === null || key === '' ? current.lines : current.lines.filter((l) => l.item === null || factKey(l.item.entry.text) !== key);
    const superseded = kept.length !== current.lines.length;
    const placed: PlacedEntry = {
      entry: { id: derivedEntryId(doc.scope, 'profile', fact, 0), text: fact, kind: 'profile', scope: doc.scope, confidence: null, topic: null, source: null, section: null, updatedAt: null },
      comment: null,
    };
    current = appendEntries({ ...current, lines: kept }, [placed]).doc;
    results.push({ outcome: superseded ? 'superseded' : 'added', entry: placed.entry });
  }
  return { doc: current, results };
};
