import type { EngramScope } from '@engram/kernel';
import type { MemoryHistoryRecord } from '@engram/hippocampus';
import { normalizeEntryText } from './trace-provenance.js';
import { compareCodeUnits } from '@engram/kernel';

/** One retirement in a chain of corrections, as `memory why` prints it. */
export interface SupersessionLink {
  readonly id: string;
  readonly scope: EngramScope;
  readonly kind: string | null;
  readonly text: string;
  readonly supersededBy: string | null;
  readonly supersededAt: string;
  readonly reason: string;
  readonly note: string;
}

/**
 * The chain of corrections through the entries `start` names (ids), or, when none is given, the
 * retired entries whose id or text matches `query` (exact, else as a substring; whitespace and
 * case do not matter): every entry that led to them (its `supersededBy` is in the chain) and
 * every entry that replaced them, oldest retirement first. Pure.
 */
export const supersessionChain = (records: readonly (MemoryHistoryRecord & { readonly store: EngramScope })[], start: readonly string[], query: string): SupersessionLink[] => {
  const q = normalizeEntryText(query);
  const seeds = new Set(start);
  if (seeds.size === 0) {
    const exact = records.filter((r) => r.id === query.trim() || normalizeEntryText(r.text) === q);
    for (const r of exact.length > 0 ? exact : records.filter((r) => q !== '' && normalizeEntryText(r.text).includes(q))) seeds.add(r.id);
  }
  const ids = new Set<string>();
  const todo = [...seeds];
  while (todo.length > 0) {
    const id = todo.pop() as string;
    if (ids.has(id)) continue;
    ids.add(id);
    for (const r of records) {
      if (r.supersededBy === id && !ids.has(r.id)) todo.push(r.id);
      if (r.id === id && r.supersededBy !== null && !ids.has(r.supersededBy)) todo.push(r.supersededBy);
    }
  }
  return records
    .filter((r) => ids.has(r.id))
    .sort((a, b) => compareCodeUnits(a.supersededAt, b.supersededAt))
    .map((r) => ({ id: r.id, scope: r.store, kind: r.kind, text: r.text, supersededBy: r.supersededBy, supersededAt: r.supersededAt, reason: r.reason, note: r.note }));
};
