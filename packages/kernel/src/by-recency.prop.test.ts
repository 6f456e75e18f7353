import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byRecency } from './by-recency.js';
import type { MemoryEntry } from './engram.js';

const entry = (id: number, updatedAt: string | null): MemoryEntry => ({ id: `e${id}`, text: `t${id}`, kind: 'lesson', scope: 'global', confidence: null, topic: null, source: null, section: null, updatedAt });

/** The definition: a stable sort, newest key first, later position first among equal keys. */
const reference = (entries: readonly MemoryEntry[]) =>
  entries
    .map((e, position) => ({ e, position, key: e.updatedAt ?? '' }))
    .sort((a, b) => (a.key === b.key ? b.position - a.position : a.key < b.key ? 1 : -1))
    .map((x) => x.e);

const times = fc.option(fc.constantFrom('2026-01-01', '2026-01-01T10:00:00.000Z', '2026-01-02T09:00:00.000Z', '2026-02-01T00:00:00.000Z'), { nil: null });

describe('byRecency', () => {
  it('equals the sort it is defined by, for files in time order (read backwards) and out of it', () => {
    fc.assert(
      fc.property(fc.array(times, { maxLength: 40 }), fc.boolean(), (keys, ordered) => {
        const ks = ordered ? [...keys].sort((a, b) => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0)) : keys;
        const entries = ks.map((k, i) => entry(i, k));
        expect(byRecency(entries)).toEqual(reference(entries));
      }),
    );
  });
});
