import { BM25_B, BM25_K1, bm25Idf } from '../bm25.js';
import { RECALL_FIELDS, recallDocTerms, type RecallDocTerms } from './recall-doc-terms.js';
import { recallTerms } from './recall-terms.js';

/** What the ranking reads of an item: its text, who said or made it (a speaker, a role, a kind), its tags and its date. */
export interface RecallDoc {
  readonly text: string;
  readonly who?: string | null;
  readonly tags?: readonly string[];
  /** ms since the epoch; null when unknown. */
  readonly atMs?: number | null;
}

/**
 * Field weights: a match in the text is the evidence; naming the speaker ("what did Ana say")
 * or a tag narrows it but is shared by many items, and a month or year matches whole sessions,
 * so those count for less. The database engines weigh their columns with the same numbers.
 */
export const RECALL_FIELD_WEIGHTS = Object.freeze({ text: 1, who: 0.5, tags: 0.75, date: 0.3 });
const WEIGHTS = RECALL_FIELDS.map((f) => RECALL_FIELD_WEIGHTS[f]);

/** An item holding a term, at its position in the list, with the term's count in it. */
export interface Posting {
  readonly doc: number;
  readonly tf: number;
}

/** One field over a list of items: each term's items in list order, each item's term count, and their sum. */
export interface FieldIndex {
  readonly postings: ReadonlyMap<string, readonly Posting[]>;
  readonly lengths: Uint32Array;
  readonly total: number;
}

/** One field's index over `terms`, the first at position `first` (an edit's items sit after the kept head). */
export const fieldIndex = (terms: readonly RecallDocTerms[], field: number, first = 0): FieldIndex => {
  const postings = new Map<string, Posting[]>();
  const lengths = new Uint32Array(terms.length);
  let total = 0;
  terms.forEach((doc, i) => {
    const f = doc[field];
    if (f === undefined) return;
    lengths[i] = f.length;
    total += f.length;
    f.terms.forEach((term, k) => {
      const posting = { doc: first + i, tf: f.counts[k] ?? 0 };
      const list = postings.get(term);
      if (list === undefined) postings.set(term, [posting]);
      else list.push(posting);
    });
  });
  return { postings, lengths, total };
};

/** The distinct terms of a query, in the order their scores are added. */
export const queryTerms = (query: string): string[] => [...new Set(recallTerms(query))];

/**
 * Adds one item's BM25 share for one term of one field to `out`. Every index (`recallIndex`, an
 * edited one from `recallIndexer`) adds through here in the same order (field, then query term,
 * then items in list order), so they give the same floating-point scores, in the same map order.
 */
export const addShare = (out: Map<number, number>, doc: number, weight: number, idf: number, tf: number, length: number, average: number): void => {
  const norm = average === 0 ? 1 : 1 - BM25_B + (BM25_B * length) / average;
  out.set(doc, (out.get(doc) ?? 0) + (weight * idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm));
};

/** An item's lexical score: the sum over fields of the field's weight times its BM25 score. */
export interface RecallIndex {
  readonly size: number;
  /** Scores of the items that share a term with the query (index -> score > 0). */
  scores(query: string): Map<number, number>;
}

/** A fully built index, with its fields for an edited index to start from (`recallIndexer`). */
export interface BuiltRecallIndex extends RecallIndex {
  readonly fields: readonly FieldIndex[];
}

/** Each field's weight, in `RECALL_FIELDS` order. */
export const fieldWeight = (field: number): number => WEIGHTS[field] ?? 0;

/** `recallIndex` over items already split into terms (`recallDocTerms`). */
export const recallIndexOfTerms = (terms: readonly RecallDocTerms[]): BuiltRecallIndex => {
  const fields = RECALL_FIELDS.map((_, f) => fieldIndex(terms, f));
  const n = terms.length;
  return {
    size: n,
    fields,
    scores(query) {
      const out = new Map<number, number>();
      const words = queryTerms(query);
      fields.forEach((index, f) => {
        const weight = fieldWeight(f);
        const average = n === 0 ? 0 : index.total / n;
        for (const term of words) {
          const list = index.postings.get(term);
          if (list === undefined) continue;
          const idf = bm25Idf(n, list.length);
          for (const { doc, tf } of list) addShare(out, doc, weight, idf, tf, index.lengths[doc] ?? 0, average);
        }
      });
      return out;
    },
  };
};

/**
 * A field-weighted BM25 index over items (BM25 per field, Okapi's k1 and b, summed by
 * `RECALL_FIELD_WEIGHTS`), with terms stemmed by `recallStem`. Inverted lists make a query cost
 * what its terms match, not the corpus size. Pure: build once per snapshot of the items (or
 * through `recallIndexer`, which keeps each item's terms and follows small edits).
 */
export const recallIndex = (docs: readonly RecallDoc[]): RecallIndex => recallIndexOfTerms(docs.map(recallDocTerms));
