import { isoMs, rankRecall, readRecallQuery, recallIndex, type EngramScope, type MemoryEntry } from '@engram/kernel';

/** A stored entry and the scope it is kept in. */
export interface ScopedEntry {
  readonly scope: EngramScope;
  readonly entry: MemoryEntry;
}

/**
 * The memory half of the search box: the entries of both scopes ranked against the query by the
 * kernel's ranking core (field-weighted BM25 over the text, the kind, the topic and the date, the
 * recency prior, duplicates merged), as the memory block ranks them; with `meaning` (each entry
 * text's similarity to the query, from the embedder the brain is configured with), words and
 * meaning fused as the block fuses them, so an entry that shares no word with the question is
 * found too. A quoted query keeps Anton's literal match: the entries whose text holds it, case
 * aside, newest first. At most `limit`.
 */
export const searchMemory = (entries: readonly ScopedEntry[], query: string, limit: number, meaning?: ReadonlyMap<string, number>): ScopedEntry[] => {
  const q = readRecallQuery(query);
  if (q.text.trim() === '') return [];
  if (q.literal) {
    const needle = q.text.toLowerCase();
    return entries
      .filter((e) => e.entry.text.toLowerCase().includes(needle))
      .sort((a, b) => (isoMs(b.entry.updatedAt) ?? 0) - (isoMs(a.entry.updatedAt) ?? 0))
      .slice(0, limit);
  }
  const docs = entries.map(({ entry: e }) => ({ text: e.text, who: e.kind, tags: e.topic === null ? [] : [e.topic], atMs: isoMs(e.updatedAt) }));
  const near = meaning === undefined ? undefined : nearestFirst(entries, meaning);
  return rankRecall(recallIndex(docs), docs, q.text, limit, near === undefined ? {} : { meaning: near }).flatMap((i) => {
    const e = entries[i];
    return e === undefined ? [] : [e];
  });
};

/** Indices of the entries by similarity to the query, best first; only those above 0 (an unrelated entry is not a meaning hit). */
const nearestFirst = (entries: readonly ScopedEntry[], meaning: ReadonlyMap<string, number>): number[] =>
  entries
    .map((e, i) => ({ i, s: meaning.get(e.entry.text) ?? 0 }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.i);
