import { listEdit } from '../list-edit.js';
import { perObject } from '../per-object.js';
import { editedRecallIndex } from './edited-recall-index.js';
import { recallDocTerms, type RecallDocTerms } from './recall-doc-terms.js';
import { recallIndexOfTerms, type BuiltRecallIndex, type RecallDoc, type RecallIndex } from './recall-index.js';

/**
 * Changed items (removed plus added) up to which a list is indexed as an edit of a recent one
 * (`listEdit`): past it the list is indexed afresh, a cost then shared by a hundred changes or
 * more, and no edit holds more than this many items of its own.
 */
const MAX_EDITED_ITEMS = 128;

/** Fully built indexes kept to edit from: a block ranks two lists in each of two scopes, and a server may serve two projects in turn. */
const RECENT_BASES = 8;

/** A list's items as the ranking reads them (`docs[i]` is the i-th item's) and their index. */
export interface IndexedList {
  readonly docs: readonly RecallDoc[];
  readonly index: RecallIndex;
}

interface Base<T> {
  readonly items: readonly T[];
  readonly docs: readonly RecallDoc[];
  readonly terms: readonly RecallDocTerms[];
  readonly index: BuiltRecallIndex;
}

/**
 * Ranking indexes for lists of items that change a few items at a time: a store's snapshot after
 * one lesson is a new array holding the same objects for the entries that did not change. What
 * depends on one item (its `RecallDoc` from `docOf`, its terms) is made once per item object; a
 * list is indexed once per array; a list that differs from a recently indexed one by a few items
 * (an entry added, updated or removed) gets an edit of that index (`editedRecallIndex`), which
 * costs the change rather than the list. However it was built, a list's index scores exactly as
 * `recallIndex` of its docs does, so the callers stay pure functions of their lists.
 */
export const recallIndexer = <T extends object>(docOf: (item: T) => RecallDoc): ((items: readonly T[]) => IndexedList) => {
  const partOf = perObject((item: T): { readonly doc: RecallDoc; readonly terms: RecallDocTerms } => {
    const doc = docOf(item);
    return { doc, terms: recallDocTerms(doc) };
  });
  const bases: Base<T>[] = [];

  const indexed = (items: readonly T[]): IndexedList => {
    for (const base of bases) {
      const edit = listEdit(base.items, items, MAX_EDITED_ITEMS);
      if (edit === null) continue;
      const added = items.slice(edit.head, items.length - edit.tail).map(partOf);
      const end = base.items.length - edit.tail;
      const docs = base.docs.slice(0, edit.head).concat(added.map((p) => p.doc), base.docs.slice(end));
      return { docs, index: editedRecallIndex(base.index, edit.head, edit.tail, base.terms.slice(edit.head, end), added.map((p) => p.terms)) };
    }
    const all = items.map(partOf);
    const terms = all.map((p) => p.terms);
    const base: Base<T> = { items, docs: all.map((p) => p.doc), terms, index: recallIndexOfTerms(terms) };
    bases.unshift(base);
    if (bases.length > RECENT_BASES) bases.pop();
    return base;
  };

  return perObject(indexed);
};
