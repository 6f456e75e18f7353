import { fuseRankings } from './fuse-rankings.js';
import { orderRecall } from './order-recall.js';
import type { RecallDoc, RecallIndex } from './recall-index.js';
import { spreadToNeighbours } from './spread-to-neighbours.js';

/** An item's text as compared for duplicates: case and spacing aside. Made once per item. */
const dedupeKeys = new WeakMap<RecallDoc, string>();
const keyOf = (d: RecallDoc | undefined): string => {
  if (d === undefined) return '';
  let key = dedupeKeys.get(d);
  if (key === undefined) {
    key = d.text.replace(/\s+/g, ' ').trim().toLowerCase();
    dedupeKeys.set(d, key);
  }
  return key;
};

/**
 * The keys of a list of items, filled in as items score: a list is ranked many times (a message
 * each), so its keys are kept per list; only the items that score are keyed, so a list that
 * changed by one item does not key ten thousand again (and an item is keyed once, `keyOf`).
 */
const listKeys = new WeakMap<readonly RecallDoc[], (string | undefined)[]>();
const keysOf = (docs: readonly RecallDoc[]): (string | undefined)[] => {
  let keys = listKeys.get(docs);
  if (keys === undefined) {
    keys = new Array<string | undefined>(docs.length);
    listKeys.set(docs, keys);
  }
  return keys;
};

interface RankRecallOptions {
  /** The items told next to item i (the turns before and after it in one sitting): they share its score (`spreadToNeighbours`). */
  readonly neighbours?: (item: number) => readonly number[];
  /**
   * The items closest to the query in meaning, best first (an embedder's nearest vectors), when one
   * is configured: fused with the lexical order by reciprocal rank fusion (`fuseRankings`), so an
   * item found by meaning alone (a paraphrase sharing no word) is ranked too.
   */
  readonly meaning?: readonly number[];
}

/**
 * The ranked retrieval over items held in memory: the items sharing a term with the query, by
 * field-weighted BM25 (`recallIndex`), with their neighbours' share when the caller knows which
 * items were told together, and the recency prior; duplicates (same text, case and spacing aside)
 * merged, at most `limit`, as indices into `docs`. With `meaning`, words and meaning fused. Deterministic for a given query and items, so a
 * replay re-derives it.
 */
export const rankRecall = (index: RecallIndex, docs: readonly RecallDoc[], query: string, limit: number, options: RankRecallOptions = {}): number[] => {
  const lexical = index.scores(query);
  const spread = options.neighbours === undefined ? lexical : spreadToNeighbours(lexical, options.neighbours);
  const scores = options.meaning === undefined ? spread : fuseRankings([[...spread].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([i]) => i), options.meaning]);
  const candidates = [];
  const keys = keysOf(docs);
  for (const [i, score] of scores) candidates.push({ item: i, score, atMs: docs[i]?.atMs ?? null, key: (keys[i] ??= keyOf(docs[i])), tie: i });
  return orderRecall(candidates, { limit }).map((c) => c.item);
};
