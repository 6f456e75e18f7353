import { bm25Idf } from '../bm25.js';
import type { RecallDocTerms } from './recall-doc-terms.js';
import { addShare, fieldIndex, fieldWeight, queryTerms, type BuiltRecallIndex, type Posting, type RecallIndex } from './recall-index.js';

const NONE: readonly Posting[] = [];

/**
 * The index of `base`'s list with its middle replaced: its first `head` and last `tail` items
 * kept (the same items in the same order), the items between them (`removed`, their terms) gone
 * and `added` (their terms) in their place. A query's scores are exactly those a fresh
 * `recallIndex` of the new list gives, to the bit and in the same map order: every item's shares
 * are added through `addShare` in the same order (field, query term, items in list order), from
 * the same counts (a term's document frequency is the base's, less the removed items', plus the
 * added ones'), so a replay that indexes afresh reads the same block. Building it costs the edit,
 * not the list; a query costs what its terms match.
 */
export const editedRecallIndex = (base: BuiltRecallIndex, head: number, tail: number, removed: readonly RecallDocTerms[], added: readonly RecallDocTerms[]): RecallIndex => {
  const n = base.size - removed.length + added.length;
  // Where the kept tail starts in the base list, and how far it moves in the new one.
  const tailStart = base.size - tail;
  const shift = added.length - removed.length;
  const fields = base.fields.map((kept, f) => {
    const edit = fieldIndex(added, f, head);
    const gone = new Map<string, number>();
    let goneTotal = 0;
    for (const doc of removed) {
      const terms = doc[f];
      if (terms === undefined) continue;
      goneTotal += terms.length;
      for (const term of terms.terms) gone.set(term, (gone.get(term) ?? 0) + 1);
    }
    return { kept, edit, gone, average: n === 0 ? 0 : (kept.total - goneTotal + edit.total) / n };
  });
  return {
    size: n,
    scores(query) {
      const out = new Map<number, number>();
      const words = queryTerms(query);
      fields.forEach(({ kept, edit, gone, average }, f) => {
        const weight = fieldWeight(f);
        for (const term of words) {
          const old = kept.postings.get(term) ?? NONE;
          const mine = edit.postings.get(term) ?? NONE;
          const df = old.length - (gone.get(term) ?? 0) + mine.length;
          if (df === 0) continue;
          const idf = bm25Idf(n, df);
          // In list order: the kept head, the added items, then the kept tail (moved by `shift`).
          let k = 0;
          for (; k < old.length; k++) {
            const p = old[k];
            if (p === undefined || p.doc >= head) break;
            addShare(out, p.doc, weight, idf, p.tf, kept.lengths[p.doc] ?? 0, average);
          }
          for (const p of mine) addShare(out, p.doc, weight, idf, p.tf, edit.lengths[p.doc - head] ?? 0, average);
          for (; k < old.length; k++) {
            const p = old[k];
            if (p === undefined || p.doc < tailStart) continue;
            addShare(out, p.doc + shift, weight, idf, p.tf, kept.lengths[p.doc] ?? 0, average);
          }
        }
      });
      return out;
    },
  };
};
