/**
 * Rows one ranked question scores, at most (about), in every episode store (SQLite's FTS5 index,
 * PostgreSQL's full text): the engines score every row that shares a word with the question, 3-5
 * microseconds each in FTS5 on a shared 2-core machine, so 2,000 rows keep a question near 10 ms
 * however large the project (without the cap PostgreSQL took seconds at a million episodes). Past
 * it the most common words (the lowest weight in BM25) are left out, the rarest kept first and
 * always the rarest one; a conversation of hundreds of turns (LoCoMo's) stays under it and is
 * ranked on every word.
 */
export const MAX_SCORED_ROWS = 2000;

/**
 * A question word with the rows it matches: counted up to just past `MAX_SCORED_ROWS` (FTS5 reads
 * the row list), or exactly where the store keeps counts (PostgreSQL): past the cap a word is left
 * out all the same, and exact counts also tell which of the words past it is the rarest.
 */
export interface CountedWord {
  readonly word: string;
  readonly n: number;
}

/** Fewest rows first; words of equal counts (SQLite counts only to just past the cap) by name, so the order is total. */
export const rarestFirst = (a: CountedWord, b: CountedWord): number => a.n - b.n || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

/**
 * The words to rank by: all of them while the rows they match together stay within
 * `MAX_SCORED_ROWS` (so a conversation of hundreds of turns ranks exactly as before); else the
 * rarest first while they fit, and at least the rarest one. `over`: even the rarest alone passes
 * the cap (`rankingSteps` then goes by coordination levels).
 */
export const capWords = <W extends CountedWord>(counted: readonly W[]): { readonly words: readonly W[]; readonly over: boolean } => {
  if (counted.reduce((a, r) => a + r.n, 0) <= MAX_SCORED_ROWS) return { words: counted, over: false };
  const rarest = [...counted].sort(rarestFirst);
  const kept: W[] = [];
  let total = 0;
  for (const r of rarest) {
    if (kept.length > 0 && total + r.n > MAX_SCORED_ROWS) break;
    kept.push(r);
    total += r.n;
  }
  return { words: kept, over: total > MAX_SCORED_ROWS };
};
