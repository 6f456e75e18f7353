import { bm25Tokens } from './bm25-tokens.js';

export { bm25Tokens, BM25_MIN_TOKEN_CHARS, BM25_STOP_WORDS } from './bm25-tokens.js';

/**
 * Term-frequency saturation. 1.2 is the value Robertson's Okapi experiments settled on and the
 * default of Lucene and most engines: a second mention of a term counts, a tenth adds little, so
 * a rule that repeats "encoding" five times cannot outrank one that names the exact tool.
 */
export const BM25_K1 = 1.2;

/**
 * Length normalisation (0 none, 1 full). 0.75 is the standard default: a long lesson that
 * mentions a term once is weaker evidence than a one-line rule that mentions it once, but not
 * proportionally weaker, because long entries are usually detailed rather than off-topic.
 */
export const BM25_B = 0.75;

export interface Bm25Params {
  readonly k1: number;
  readonly b: number;
}

export const DEFAULT_BM25_PARAMS: Bm25Params = Object.freeze({ k1: BM25_K1, b: BM25_B });

/** One query term's share of a document's score. */
export interface TermContribution {
  readonly term: string;
  readonly score: number;
}

export interface Bm25Index {
  /** Documents in the corpus. */
  readonly size: number;
  /** Mean document length in tokens (0 for an empty corpus). */
  readonly averageLength: number;
  /** ln(1 + (N - n + 0.5) / (n + 0.5)): always > 0, so a matching term never lowers a score. */
  idf(term: string): number;
  /** The document's score for the distinct query terms (repeating a term in the query changes nothing). */
  score(queryTerms: readonly string[], doc: number): number;
  /** Every document's score, in corpus order. */
  scores(queryTerms: readonly string[]): number[];
  /** The distinct query terms found in the document, largest contribution first (ties by term). */
  contributions(queryTerms: readonly string[], doc: number): TermContribution[];
}

/** BM25's idf of a term in `n` of `size` documents (Lucene's, never negative): every ranking of engram's, in memory or in a database, weighs rarity by it. */
export const bm25Idf = (size: number, n: number): number => Math.log(1 + (size - n + 0.5) / (n + 0.5));

/**
 * Okapi BM25 over a fixed corpus. For a query Q and document D:
 *
 *   score(D, Q) = Σ over distinct q in Q of  idf(q) · tf(q,D) · (k1 + 1) / (tf(q,D) + k1 · (1 − b + b · |D| / avgdl))
 *   idf(q)      = ln(1 + (N − n(q) + 0.5) / (n(q) + 0.5))
 *
 * with N documents, n(q) of them containing q, |D| and avgdl in tokens (`bm25Tokens`). The +1
 * inside the logarithm (Lucene's smoothing) keeps idf positive even for a term in every document,
 * so scores are never negative, and a document scores 0 exactly when it shares no term with the
 * query. Pure; building costs one pass over the tokens.
 */
export const bm25Index = (documents: readonly string[], params: Bm25Params = DEFAULT_BM25_PARAMS): Bm25Index => bm25IndexOfTokens(documents.map(bm25Tokens), params);

/**
 * `bm25Index` over documents already tokenised with `bm25Tokens`, for callers that keep the
 * tokens of texts they rank again and again (tokenising is most of the cost of building).
 */
export const bm25IndexOfTokens = (documents: readonly (readonly string[])[], params: Bm25Params = DEFAULT_BM25_PARAMS): Bm25Index => {
  const { k1, b } = params;
  const freqs = documents.map((tokens) => {
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { tf, length: tokens.length };
  });
  const df = new Map<string, number>();
  for (const { tf } of freqs) for (const t of tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const size = documents.length;
  const averageLength = size === 0 ? 0 : freqs.reduce((sum, f) => sum + f.length, 0) / size;
  const idfs = new Map<string, number>();
  const idf = (term: string): number => {
    let v = idfs.get(term);
    if (v === undefined) {
      const n = df.get(term) ?? 0;
      v = bm25Idf(size, n);
      idfs.set(term, v);
    }
    return v;
  };
  const contributions = (queryTerms: readonly string[], doc: number): TermContribution[] => {
    const d = freqs[doc];
    if (d === undefined) throw new RangeError(`bm25: no document ${doc} in a corpus of ${size}`);
    // avgdl is 0 only when every document is empty, and then no term matches anyway.
    const norm = averageLength === 0 ? 1 : 1 - b + (b * d.length) / averageLength;
    const out: TermContribution[] = [];
    for (const term of new Set(queryTerms)) {
      const tf = d.tf.get(term) ?? 0;
      if (tf === 0) continue;
      out.push({ term, score: (idf(term) * tf * (k1 + 1)) / (tf + k1 * norm) });
    }
    return out.sort((x, y) => y.score - x.score || (x.term < y.term ? -1 : x.term > y.term ? 1 : 0));
  };
  const score = (queryTerms: readonly string[], doc: number): number => contributions(queryTerms, doc).reduce((sum, c) => sum + c.score, 0);
  return { size, averageLength, idf, score, contributions, scores: (queryTerms) => freqs.map((_, i) => score(queryTerms, i)) };
};
