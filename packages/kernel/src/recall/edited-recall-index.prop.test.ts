import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editedRecallIndex } from './edited-recall-index.js';
import { recallDocTerms } from './recall-doc-terms.js';
import { recallIndex, recallIndexOfTerms, type RecallDoc } from './recall-index.js';

const WORDS = ['paint', 'painted', 'dog', 'dogs', 'lake', 'hiking', 'sunset', 'fence', 'Ana', 'Bo', 'the', 'went', 'May', 'readFile', 'x'];
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 8 }).map((w) => w.join(' '));
const doc: fc.Arbitrary<RecallDoc> = fc.record({ text, who: fc.constantFrom('Ana', 'Bo', null), tags: fc.array(fc.constantFrom('dog', 'lake', 'api'), { maxLength: 2 }), atMs: fc.option(fc.integer({ min: 0, max: 2e12 }), { nil: null }) });

describe('editedRecallIndex', () => {
  it('scores a list whose middle was replaced exactly as a fresh index of it does: the same numbers, in the same order', () => {
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 30 }), fc.nat(), fc.nat(), fc.array(doc, { maxLength: 6 }), fc.array(text, { minLength: 1, maxLength: 4 }), (before, a, b, added, queries) => {
        const head = a % (before.length + 1);
        const tail = b % (before.length - head + 1);
        const after = [...before.slice(0, head), ...added, ...before.slice(before.length - tail)];
        const base = recallIndexOfTerms(before.map(recallDocTerms));
        const edited = editedRecallIndex(base, head, tail, before.slice(head, before.length - tail).map(recallDocTerms), added.map(recallDocTerms));
        const fresh = recallIndex(after);
        expect(edited.size).toBe(after.length);
        for (const q of queries) expect([...edited.scores(q)]).toEqual([...fresh.scores(q)]);
      }),
      { numRuns: 500 },
    );
  });
});
