/** One candidate a lexical engine (the in-memory index, FTS5, PostgreSQL) found, with its score (higher is better). */
export interface RecallCandidate<T> {
  readonly item: T;
  readonly score: number;
  /** ms since the epoch, for the recency prior; null when unknown. */
  readonly atMs: number | null;
  /** Items with the same key are one memory told twice: only the best is kept. */
  readonly key: string;
  /** A total order among candidates of equal score (a row id, a line): the answer never depends on input order. */
  readonly tie: number;
}

/**
 * At most this share is added for being the newest item: between two equally relevant items the
 * newer wins, but recency never outweighs a clearly better match (old memories are asked about).
 */
export const RECENCY_WEIGHT = 0.1;
/** The recency prior halves every 90 days behind the newest item: a season of work. */
export const RECENCY_HALF_LIFE_MS = 90 * 86_400_000;

export interface OrderRecallOptions {
  readonly limit: number;
  /** The prior is measured from the newest candidate, not the clock, so a replay ranks the same. */
  readonly recencyWeight?: number;
}

/**
 * The final order of a recall: the lexical score times a recency prior (`1 + w * 2^(-age /
 * half-life)`, age behind the newest candidate), duplicates merged (the best of each key), ties
 * broken by newer then `tie`, at most `limit`. Pure and deterministic.
 */
export const orderRecall = <T>(candidates: readonly RecallCandidate<T>[], options: OrderRecallOptions): RecallCandidate<T>[] => {
  if (options.limit <= 0) return [];
  const weight = options.recencyWeight ?? RECENCY_WEIGHT;
  let newest = -Infinity;
  for (const c of candidates) if (c.atMs !== null && c.atMs > newest) newest = c.atMs;
  const scored = candidates
    .filter((c) => c.score > 0)
    .map((c) => ({ c, s: c.score * (1 + (c.atMs === null || !Number.isFinite(newest) ? 0 : weight * 2 ** (-(newest - c.atMs) / RECENCY_HALF_LIFE_MS))) }));
  scored.sort((a, b) => b.s - a.s || (b.c.atMs ?? -Infinity) - (a.c.atMs ?? -Infinity) || a.c.tie - b.c.tie);
  const seen = new Set<string>();
  const out: RecallCandidate<T>[] = [];
  for (const { c } of scored) {
    if (seen.has(c.key)) continue;
    seen.add(c.key);
    out.push(c);
    if (out.length >= options.limit) break;
  }
  return out;
};

/**
 * The longest prefix of `items` whose costs (tokens) fit `budget`; an item that does not fit is
 * skipped and later smaller ones may still fit. Returns the kept items and how many were left out.
 */
export const fitRecallBudget = <T>(items: readonly T[], budget: number, cost: (item: T) => number): { readonly kept: T[]; readonly omitted: number } => {
  const kept: T[] = [];
  let room = budget;
  for (const item of items) {
    const c = cost(item);
    if (c <= room) {
      kept.push(item);
      room -= c;
    }
  }
  return { kept, omitted: items.length - kept.length };
};
