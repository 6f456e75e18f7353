/**
 * Rows ranked recall scores at most, as the files store's episode index (`MAX_SCORED_ROWS` in
 * @engram/hippocampus): past it a question of common words cost seconds at a million episodes,
 * and the words left out are the commonest, whose BM25 weight is the lowest.
 */
export const MAX_SCORED_ROWS = 2000;

/** A question word with the rows it matches, counted up to just past `MAX_SCORED_ROWS`. */
export interface CountedWord {
  readonly word: string;
  readonly n: number;
}

/**
 * The words to rank by: all of them while the rows they match together stay within
 * `MAX_SCORED_ROWS` (so a conversation of hundreds of turns ranks exactly as before); else the
 * rarest first while they fit, and at least the rarest one. `over`: even the rarest alone passes
 * the cap, so only its newest rows are scored.
 */
export const capWords = (counted: readonly CountedWord[]): { readonly words: readonly CountedWord[]; readonly over: boolean } => {
  if (counted.reduce((a, r) => a + r.n, 0) <= MAX_SCORED_ROWS) return { words: counted, over: false };
  const rarest = [...counted].sort((a, b) => a.n - b.n || (a.word < b.word ? -1 : 1));
  const kept: CountedWord[] = [];
  let total = 0;
  for (const r of rarest) {
    if (kept.length > 0 && total + r.n > MAX_SCORED_ROWS) break;
    kept.push(r);
    total += r.n;
  }
  return { words: kept, over: total > MAX_SCORED_ROWS };
};

/** BM25's idf of a word in `n` of `total` rows (ts_rank_cd knows no rarity). */
export const bm25Idf = (total: number, n: number): number => Math.log(1 + (total - n + 0.5) / (n + 0.5));
