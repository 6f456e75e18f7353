import { fuseRankings } from './fuse-rankings.js';
import { orderRecall } from './order-recall.js';
import type { RecallDoc, RecallIndex } from './recall-index.js';
import { spreadToNeighbours } from './spread-to-neighbours.js';

/** Texts compared for duplicates: case and spacing aside. Computed once per list of items. */
const dedupeKeys = new WeakMap<readonly RecallDoc[], string[]>();
const keysOf = (docs: readonly RecallDoc[]): string[] => {
  let keys = dedupeKeys.get(docs);
  if (keys === undefined) {
    keys = docs.map((d) => d.text.replace(/\s+/g, ' ').trim().toLowerCase());
    dedupeKeys.set(docs, keys);
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
  const keys = keysOf(docs);
  const lexical = index.scores(query);
  const spread = options.neighbours === undefined ? lexical : spreadToNeighbours(lexical, options.neighbours);
  const scores = options.meaning === undefined ? spread : fuseRankings([[...spread].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([i]) => i), options.meaning]);
  const candidates = [];
  for (const [i, score] of scores) candidates.push({ item: i, score, atMs: docs[i]?.atMs ?? null, key: keys[i] ?? '', tie: i });
  return orderRecall(candidates, { limit }).map((c) => c.item);
};
