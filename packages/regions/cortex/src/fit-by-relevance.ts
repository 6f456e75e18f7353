import { isoMs, listEdit, type ListEdit, type MemoryEntry, perObject, rankRecall, recallIndexer, type RecallDoc } from '@engram/kernel';
import { lineFitter, type Candidate, type FittedLines } from './fit-lines.js';

/**
 * Entries most recent first, with each one's candidate line at the same index (null when it is
 * shown elsewhere: scratchpad wisdom is the primer's), how many are not null, and from each index
 * on the least a candidate there costs (its line and line break; `Infinity` past the last).
 */
export interface ShownList {
  readonly ordered: readonly MemoryEntry[];
  readonly candidates: readonly (Candidate<MemoryEntry> | null)[];
  readonly count: number;
  readonly cheapestFrom: Float64Array;
}

const costOf = (c: Candidate<MemoryEntry> | null | undefined): number => (c === null || c === undefined ? Infinity : c.line.length + 1);

/** `ordered` with its candidates (`candidate` per entry), counted, and the suffix minima of their costs. */
export const shownList = (ordered: readonly MemoryEntry[], candidate: (e: MemoryEntry) => Candidate<MemoryEntry> | null): ShownList => {
  const candidates = ordered.map(candidate);
  const cheapestFrom = new Float64Array(candidates.length + 1);
  cheapestFrom[candidates.length] = Infinity;
  let count = 0;
  for (let k = candidates.length - 1; k >= 0; k--) {
    if (candidates[k] !== null) count++;
    cheapestFrom[k] = Math.min(costOf(candidates[k]), cheapestFrom[k + 1] ?? Infinity);
  }
  return { ordered, candidates, count, cheapestFrom };
};

/** `previous` with its middle replaced (`edit`): the kept candidates and the kept tail's minima copied, the rest made. */
const editedShownList = (previous: ShownList, edit: ListEdit, ordered: readonly MemoryEntry[], candidate: (e: MemoryEntry) => Candidate<MemoryEntry> | null): ShownList => {
  const n = ordered.length;
  const end = previous.ordered.length - edit.tail;
  const middle = ordered.slice(edit.head, n - edit.tail).map(candidate);
  const candidates = previous.candidates.slice(0, edit.head).concat(middle, previous.candidates.slice(end));
  let count = previous.count;
  for (let k = edit.head; k < end; k++) if (previous.candidates[k] !== null) count--;
  for (const c of middle) if (c !== null) count++;
  const cheapestFrom = new Float64Array(n + 1);
  cheapestFrom.set(previous.cheapestFrom.subarray(end), n - edit.tail);
  for (let k = n - edit.tail - 1; k >= 0; k--) cheapestFrom[k] = Math.min(costOf(candidates[k]), cheapestFrom[k + 1] ?? Infinity);
  return { ordered, candidates, count, cheapestFrom };
};

/** Changed entries up to which a list is made from a recent one (`listEdit`) rather than afresh: a store's wake-up brings a few. */
const MAX_CHANGED_ENTRIES = 64;

/** Lists kept to make the next from: a block shows two lists in each of two scopes, and a server may serve two projects in turn. */
const RECENT_LISTS = 8;

/**
 * `shownList` for the snapshots of one kind of list: a list that differs from a recent one by a
 * few entries (a PostgreSQL store's wake-up: a new array, the same objects for the rest) is made
 * from it, so a new lesson costs its own candidate and copies, not a lookup per entry. The same
 * list either way.
 */
export const shownLists = (candidate: (e: MemoryEntry) => Candidate<MemoryEntry> | null): ((ordered: readonly MemoryEntry[]) => ShownList) => {
  const recent: ShownList[] = [];
  return (ordered) => {
    let list: ShownList | null = null;
    for (const previous of recent) {
      const edit = listEdit(previous.ordered, ordered, MAX_CHANGED_ENTRIES);
      if (edit === null) continue;
      list = editedShownList(previous, edit, ordered, candidate);
      break;
    }
    list ??= shownList(ordered, candidate);
    recent.unshift(list);
    if (recent.length > RECENT_LISTS) recent.pop();
    return list;
  };
};

/** Ranked entries placed ahead of the rest: more than a section's budget can show (1,500 tokens at about 20 per line). */
const MAX_RANKED_ENTRIES = 200;

/** An entry as the ranking core reads it: its text, its kind as who made it, its topic as a tag, its date. */
const recallDoc = (e: MemoryEntry): RecallDoc => ({ text: e.text, who: e.kind, tags: e.topic === null ? [] : [e.topic], atMs: isoMs(e.updatedAt) });

/**
 * Entries written within this time of each other, one after the other, were told in one sitting
 * (a conversation's turns, one session's lessons): each is context for the next.
 */
const SITTING_MS = 30 * 60_000;

/**
 * Entries' ranking indexes: each entry's doc and terms made once per entry object, and a list that
 * differs from a recent one by a few entries (a PostgreSQL store's snapshot after a wake-up is a
 * new array with the same objects for the entries that did not change) indexed as an edit of it,
 * so a new lesson costs about one entry's indexing, not ten thousand. Same scores either way.
 */
const entryIndexer = recallIndexer(recallDoc);

/**
 * The ranking index of a list of entries (most recent first), once per snapshot, with each
 * entry's neighbours: the entries on either side of it in that order written in the same sitting
 * (found the first time the entry scores and kept with the list: a list that changed by one
 * entry does not work out ten thousand entries' neighbours again).
 */
const entryIndex = perObject((entries: readonly MemoryEntry[]) => {
  const { docs, index } = entryIndexer(entries);
  const together = (i: number, j: number): boolean => {
    const a = docs[i]?.atMs;
    const b = docs[j]?.atMs;
    return a !== null && a !== undefined && b !== null && b !== undefined && Math.abs(a - b) <= SITTING_MS;
  };
  const found = new Array<readonly number[] | undefined>(docs.length);
  return { docs, index, neighbours: (i: number): readonly number[] => (found[i] ??= [i - 1, i + 1].filter((j) => j >= 0 && j < docs.length && together(i, j))) };
});

/** Indices of `ordered` by similarity in meaning, best first (above 0 only; ties in `ordered`'s order), at most `MAX_RANKED_ENTRIES`. */
const byMeaning = (ordered: readonly MemoryEntry[], meaning: ReadonlyMap<string, number>): number[] =>
  ordered
    .map((e, i) => ({ i, s: meaning.get(e.text) ?? 0 }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, MAX_RANKED_ENTRIES)
    .map((x) => x.i);

/**
 * Indices of `ordered` (most recent first) relevant to the message, best first: the ranking core
 * (`rankRecall`), words and, with `meaning`, meaning fused; at most `MAX_RANKED_ENTRIES`. None
 * without a message.
 */
export const rankedEntries = (ordered: readonly MemoryEntry[], message: string, meaning?: ReadonlyMap<string, number>): number[] => {
  if (message.trim() === '') return [];
  const { docs, index, neighbours } = entryIndex(ordered);
  const near = meaning === undefined ? undefined : byMeaning(ordered, meaning);
  return rankRecall(index, docs, message, MAX_RANKED_ENTRIES, near === undefined ? { neighbours } : { neighbours, meaning: near });
};

/**
 * `fitLines` over the list's candidates in this priority: the entries relevant to the message
 * first, best first (`rankedEntries`), then the others most recent first (no message: most
 * recent first). The walk stops where no later candidate can fit (`cheapestFrom`) and ranks
 * nothing when none can, so a section costs about what it shows, not the size of the list; the
 * candidates it never offered are counted as left out, as `fitLines` would have counted them.
 */
export const fitByRelevance = (list: ShownList, message: string, meaning: ReadonlyMap<string, number> | undefined, limitChars: number, fixedChars: number, groupCost: (group: string) => number): FittedLines<MemoryEntry> => {
  const fitter = lineFitter<MemoryEntry>(limitChars, fixedChars, groupCost);
  const { ordered, candidates, cheapestFrom } = list;
  const fits = (k: number): boolean => fitter.room() >= (cheapestFrom[k] ?? Infinity);
  if (!fits(0)) return fitter.fitted(list.count);
  let offered = 0;
  const taken = new Uint8Array(ordered.length);
  for (const i of rankedEntries(ordered, message, meaning)) {
    const c = candidates[i] ?? null;
    taken[i] = 1;
    if (c === null) continue;
    fitter.offer(c);
    offered++;
  }
  for (let k = 0; k < candidates.length && fits(k); k++) {
    const c = candidates[k] ?? null;
    if (c === null || taken[k] === 1) continue;
    fitter.offer(c);
    offered++;
  }
  return fitter.fitted(list.count - offered);
};
