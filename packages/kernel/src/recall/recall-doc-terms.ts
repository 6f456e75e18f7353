import type { RecallDoc } from './recall-index.js';
import { dateTerms, recallTerms } from './recall-terms.js';

/** The fields the ranking reads of an item, in the order their scores are summed (floating-point sums depend on it). */
export const RECALL_FIELDS = ['text', 'who', 'tags', 'date'] as const;
type RecallField = (typeof RECALL_FIELDS)[number];

/** One field of one item as the index counts it: its number of terms and each distinct term with its count, in first-seen order. */
interface FieldTerms {
  readonly length: number;
  readonly terms: readonly string[];
  readonly counts: readonly number[];
}

/** What the index reads of one item: its fields' terms, in `RECALL_FIELDS` order. */
export type RecallDocTerms = readonly FieldTerms[];

const NO_TERMS: FieldTerms = Object.freeze({ length: 0, terms: [], counts: [] });

const fieldTerms = (d: RecallDoc, f: RecallField): string[] => {
  if (f === 'text') return recallTerms(d.text);
  if (f === 'who') return d.who === null || d.who === undefined ? [] : recallTerms(d.who);
  if (f === 'tags') return (d.tags ?? []).flatMap(recallTerms);
  return dateTerms(d.atMs);
};

const counted = (all: readonly string[]): FieldTerms => {
  if (all.length === 0) return NO_TERMS;
  const tf = new Map<string, number>();
  for (const t of all) tf.set(t, (tf.get(t) ?? 0) + 1);
  return { length: all.length, terms: [...tf.keys()], counts: [...tf.values()] };
};

/**
 * An item's terms per field (tokenised, stemmed, counted): the costly part of indexing, and it
 * depends on the item alone, so a caller that keeps it per item pays it once per item rather
 * than once per list the item appears in (`recallIndexer`). Arrays, not maps: ten thousand
 * items hold four of these each.
 */
export const recallDocTerms = (d: RecallDoc): RecallDocTerms => RECALL_FIELDS.map((f) => counted(fieldTerms(d, f)));
