import { describe, expect, it } from 'vitest';
import type { PendingStore } from '../effects/pending-store.js';
import type { PendingItem } from '../pending-item.js';

/** Storage a pending-queue contract test writes to: every `open` is a new queue over the same storage, `close` releases it all. */
export interface PendingStoreHarness {
  readonly open: () => PendingStore;
  readonly close: () => Promise<void>;
}

/** Concurrent adds in the race test (two queue objects): a lost update shows as a missing item. */
const CONCURRENT_ADDS = 12;

const item = (n: number, text = `proposal number ${n}`): PendingItem => ({
  pendingId: `p-${n}`,
  proposalId: `${n}`,
  engram: { text, kind: 'lesson', scope: 'project', confidence: 'medium', topic: null, source: 'llm' },
  origin: 'acc',
  queuedAt: `2026-11-22T03:${String(10 + (n % 50)).padStart(2, '0')}:00.000Z`,
  supersedes: [],
});

/**
 * What every `PendingStore` backend must do (the pending file and PostgreSQL alike): queue in
 * order, return the waiting item for a repeated proposal, take by id or position, report unknown
 * selectors, restore at the front, and lose nothing when processes add at once.
 */
export const pendingStoreContract = (name: string, fresh: () => Promise<PendingStoreHarness>) => {
  const withStore = async (f: (h: PendingStoreHarness) => Promise<void>): Promise<void> => {
    const h = await fresh();
    try {
      await f(h);
    } finally {
      await h.close();
    }
  };

  describe(`PendingStore contract: ${name}`, () => {
    it('is empty at first, and queues items in order for another queue object to list', () =>
      withStore(async (h) => {
        const q = h.open();
        expect(await q.list()).toEqual([]);
        expect(await q.add(item(1))).toEqual(item(1));
        await q.add(item(2));
        expect(await h.open().list()).toEqual([item(1), item(2)]);
        expect(typeof q.location).toBe('string');
      }));

    it('returns the waiting item for a repeated proposal instead of queueing it twice', () =>
      withStore(async (h) => {
        const q = h.open();
        await q.add(item(1, 'same text'));
        expect(await h.open().add(item(7, 'same text'))).toEqual(item(1, 'same text'));
        expect((await q.list()).map((x) => x.pendingId)).toEqual(['p-1']);
      }));

    it('takes items by id or 1-based position and reports unknown selectors', () =>
      withStore(async (h) => {
        const q = h.open();
        for (const n of [1, 2, 3]) await q.add(item(n));
        const r = await h.open().take(['p-3', '1', 'p-9', '7']);
        expect(r.taken.map((x) => x.pendingId)).toEqual(['p-3', 'p-1']);
        expect(r.unknown).toEqual(['p-9', '7']);
        expect((await q.list()).map((x) => x.pendingId)).toEqual(['p-2']);
      }));

    it('restores taken items at the front, in their order, never twice', () =>
      withStore(async (h) => {
        const q = h.open();
        for (const n of [1, 2, 3]) await q.add(item(n));
        const { taken } = await q.take(['p-2', 'p-3']);
        await q.add(item(4));
        await h.open().restore([...taken, item(1)]);
        expect((await q.list()).map((x) => x.pendingId)).toEqual(['p-2', 'p-3', 'p-1', 'p-4']);
      }));

    it('loses nothing when two queue objects add at once', () =>
      withStore(async (h) => {
        const [a, b] = [h.open(), h.open()];
        await Promise.all(Array.from({ length: CONCURRENT_ADDS }, (_, i) => (i % 2 === 0 ? a : b).add(item(i + 1))));
        expect((await a.list()).map((x) => x.pendingId).sort()).toEqual(Array.from({ length: CONCURRENT_ADDS }, (_, i) => `p-${i + 1}`).sort());
      }));
  });
};
