import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankRecall } from './rank-recall.js';
import { recallIndex, type RecallDoc } from './recall-index.js';
import { recallIndexer } from './recall-indexer.js';
import { applyListEdit, type ListEdit } from '../testing/apply-list-edit.js';

const WORDS = ['paint', 'painted', 'dog', 'dogs', 'lake', 'hiking', 'sunset', 'fence', 'Ana', 'Bo', 'the', 'went', 'May'];
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 8 }).map((w) => w.join(' '));

interface Item {
  readonly text: string;
  readonly who: string | null;
  readonly at: number;
}
const item: fc.Arbitrary<Item> = fc.record({ text, who: fc.constantFrom('Ana', 'Bo', null), at: fc.integer({ min: 0, max: 1e10 }) });
const docOf = (x: Item): RecallDoc => ({ text: x.text, who: x.who, atMs: x.at });

/** One change to a list: an item added, removed or replaced at a position (the others stay the same objects). */
const change: fc.Arbitrary<ListEdit<Item>> = fc.record({ op: fc.constantFrom('add', 'remove', 'replace'), at: fc.nat(), item });
const neighbours = (size: number) => (i: number) => [i - 1, i + 1].filter((j) => j >= 0 && j < size && (i + j) % 3 !== 0);

describe('recallIndexer', () => {
  it('indexes every list, edited from a recent one or built afresh, as a fresh index of its docs: same scores, same ranking', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), fc.array(fc.array(change, { minLength: 1, maxLength: 4 }), { maxLength: 6 }), fc.array(text, { minLength: 1, maxLength: 3 }), (first, rounds, queries) => {
        const indexer = recallIndexer(docOf);
        const lists = [first];
        for (const round of rounds) lists.push(round.reduce(applyListEdit<Item>, lists.at(-1) ?? first));
        // Each list in turn (a few changes from the one before), then the first again.
        for (const list of [...lists, first]) {
          const { docs, index } = indexer(list);
          const freshDocs = list.map(docOf);
          const fresh = recallIndex(freshDocs);
          expect(docs).toEqual(freshDocs);
          expect(index.size).toBe(list.length);
          for (const q of queries) {
            expect([...index.scores(q)]).toEqual([...fresh.scores(q)]);
            expect(rankRecall(index, docs, q, 10, { neighbours: neighbours(list.length) })).toEqual(rankRecall(fresh, freshDocs, q, 10, { neighbours: neighbours(list.length) }));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('makes each item its doc once, whatever lists it is in', () => {
    let made = 0;
    const indexer = recallIndexer((x: Item) => {
      made++;
      return docOf(x);
    });
    const items = Array.from({ length: 10 }, (_, i): Item => ({ text: `dog ${i}`, who: null, at: i }));
    indexer(items);
    indexer([{ text: 'lake', who: null, at: 99 }, ...items]);
    indexer(items.slice(1));
    expect(made).toBe(11);
  });
});
