import type { MemoryEntry } from '@engram/kernel';
import { applyListEdit } from '@engram/kernel/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitByRelevance, rankedEntries, shownList, shownLists } from './fit-by-relevance.js';
import { fitLines, type Candidate } from './fit-lines.js';

const WORDS = ['dataset', 'aggregate', 'endpoint', 'rate', 'limits', 'retry', 'tabs', 'the', 'a'];
const words = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));

let n = 0;
const entryArb: fc.Arbitrary<MemoryEntry> = fc.record({ text: words, minutes: fc.integer({ min: 0, max: 300 }), kind: fc.constantFrom('lesson', 'when') }).map(({ text, minutes, kind }) => ({
  id: `e${++n}`,
  text,
  kind,
  scope: 'global',
  confidence: null,
  topic: null,
  source: 'llm',
  section: kind === 'when' ? 'when' : null,
  updatedAt: new Date(Date.UTC(2026, 10, 22) + minutes * 60_000).toISOString(),
}));

/** A candidate per entry: some shown elsewhere (null), some under a group heading, lines of many lengths. */
const candidatesArb = (size: number) => fc.array(fc.option(fc.record({ pad: fc.integer({ min: 0, max: 40 }), group: fc.constantFrom(null, 'when', 'always') }), { nil: null, freq: 5 }), { minLength: size, maxLength: size });
const candidateOf = (item: MemoryEntry, shape: { readonly pad: number; readonly group: string | null } | null): Candidate<MemoryEntry> | null => (shape === null ? null : { item, line: `- ${item.text}${'.'.repeat(shape.pad)}`, group: shape.group });
const groupCost = (g: string): number => g.length + 4;

/** One change to a list: an entry added, removed or replaced at a position (the others stay the same objects). */
const editArb = fc.record({ op: fc.constantFrom('add', 'remove', 'replace'), at: fc.nat(), item: entryArb });

describe('fitByRelevance', () => {
  it('chooses and leaves out exactly what fitLines does over the ranked candidates then the rest, though it stops early and ranks nothing when nothing fits', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { maxLength: 40 }).chain((es) => fc.tuple(fc.constant(es), candidatesArb(es.length))),
        fc.option(words, { nil: '' }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 60 }),
        ([entries, shapes], message, limit, fixed) => {
          const candidates = new Map(entries.map((e, i) => [e, candidateOf(e, shapes[i] ?? null)]));
          const list = shownList(entries, (e) => candidates.get(e) ?? null);
          const ranked = rankedEntries(entries, message);
          const rest = entries.map((_, i) => i).filter((i) => !ranked.includes(i));
          const all = [...ranked, ...rest].flatMap((i) => list.candidates[i] ?? []);
          expect(fitByRelevance(list, message, undefined, limit, fixed, groupCost)).toEqual(fitLines(all, limit, fixed, groupCost));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('makes a list from a recent one, after a few entries were added, removed or replaced, the same as afresh', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 60 }), fc.array(fc.array(editArb, { minLength: 1, maxLength: 4 }), { maxLength: 6 }), (first, rounds) => {
        const shapes = new Map<MemoryEntry, Candidate<MemoryEntry> | null>();
        const candidate = (e: MemoryEntry): Candidate<MemoryEntry> | null => {
          if (!shapes.has(e)) shapes.set(e, candidateOf(e, e.text.length % 4 === 0 ? null : { pad: e.text.length % 7, group: null }));
          return shapes.get(e) ?? null;
        };
        const lists = shownLists(candidate);
        let ordered = first;
        for (const round of [[], ...rounds]) {
          ordered = round.reduce(applyListEdit<MemoryEntry>, ordered);
          expect(lists(ordered)).toEqual(shownList(ordered, candidate));
        }
      }),
      { numRuns: 300 },
    );
  });
});

