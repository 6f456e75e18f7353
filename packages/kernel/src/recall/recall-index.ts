import { BM25_B, BM25_K1, bm25Idf } from '../bm25.js';
import { dateTerms, recallTerms } from './recall-terms.js';

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
type Field = keyof typeof RECALL_FIELD_WEIGHTS;
const FIELDS: readonly Field[] = ['text', 'who', 'tags', 'date'];

interface Posting {
  readonly doc: number;
  readonly tf: number;
}

interface FieldIndex {
  readonly postings: Map<string, Posting[]>;
  readonly lengths: Uint32Array;
  readonly average: number;
}

const fieldTerms = (d: RecallDoc, f: Field): string[] => {
  if (f === 'text') return recallTerms(d.text);
  if (f === 'who') return d.who === null || d.who === undefined ? [] : recallTerms(d.who);
  if (f === 'tags') return (d.tags ?? []).flatMap(recallTerms);
  return dateTerms(d.atMs);
};

const buildField = (docs: readonly RecallDoc[], f: Field): FieldIndex => {
  const postings = new Map<string, Posting[]>();
  const lengths = new Uint32Array(docs.length);
  let total = 0;
  docs.forEach((d, doc) => {
    const terms = fieldTerms(d, f);
    lengths[doc] = terms.length;
    total += terms.length;
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [term, n] of tf) {
      const list = postings.get(term);
      if (list === undefined) postings.set(term, [{ doc, tf: n }]);
      else list.push({ doc, tf: n });
    }
  });
  return { postings, lengths, average: docs.length === 0 ? 0 : total / docs.length };
};

/** An item's lexical score: the sum over fields of the field's weight times its BM25 score. */
export interface RecallIndex {
  readonly size: number;
  /** Scores of the items that share a term with the query (index -> score > 0). */
  scores(query: string): Map<number, number>;
}

/**
 * A field-weighted BM25 index over items (BM25 per field, Okapi's k1 and b, summed by
 * `RECALL_FIELD_WEIGHTS`), with terms stemmed by `recallStem`. Inverted lists make a query cost
 * what its terms match, not the corpus size. Pure: build once per snapshot of the items.
 */
export const recallIndex = (docs: readonly RecallDoc[]): RecallIndex => {
  const fields = FIELDS.map((f) => [f, buildField(docs, f)] as const);
  const n = docs.length;
  return {
    size: n,
    scores(query) {
      const out = new Map<number, number>();
      const terms = [...new Set(recallTerms(query))];
      for (const [f, index] of fields) {
        const weight = RECALL_FIELD_WEIGHTS[f];
        for (const term of terms) {
          const list = index.postings.get(term);
          if (list === undefined) continue;
          const idf = bm25Idf(n, list.length);
          for (const { doc, tf } of list) {
            const norm = index.average === 0 ? 1 : 1 - BM25_B + (BM25_B * (index.lengths[doc] ?? 0)) / index.average;
            out.set(doc, (out.get(doc) ?? 0) + (weight * idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm));
          }
        }
      }
      return out;
    },
  };
};
