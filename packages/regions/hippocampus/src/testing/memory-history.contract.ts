import { describe, expect, it } from 'vitest';
import type { MemoryHistoryStore } from '../effects/memory-history-store.js';
import type { RetiredEntry } from '@engram/kernel';

/** Storage a history contract test writes to: every `open` is a new history object over the same storage, `close` releases it all. */
export interface MemoryHistoryHarness {
  readonly open: () => MemoryHistoryStore;
  readonly close: () => Promise<void>;
}

/** Concurrent appends in the race test (two history objects): a lost write shows as a missing record. */
const CONCURRENT_APPENDS = 12;

const record = (n: number, extra: Partial<RetiredEntry> = {}): RetiredEntry => ({
  id: `e-${n}`,
  text: `Use tool number ${n}`,
  kind: 'lesson',
  scope: 'project',
  confidence: 'high',
  topic: null,
  source: 'user',
  section: null,
  updatedAt: null,
  supersededBy: `e-${n + 100}`,
  supersededAt: `2026-11-22T03:${String(10 + (n % 50)).padStart(2, '0')}:00.000Z`,
  reason: 'correction',
  note: 'corrected by the user',
  proposalId: `p-${n}`,
  ...extra,
});

/**
 * What every memory-history backend must do (history.jsonl and PostgreSQL alike): keep retired
 * entries in the order appended, field for field, lose none when processes append at once, and
 * remove every record of an entry (forget) without touching the others.
 */
export const memoryHistoryContract = (name: string, fresh: () => Promise<MemoryHistoryHarness>) => {
  const withStore = async (f: (h: MemoryHistoryHarness) => Promise<void>): Promise<void> => {
    const h = await fresh();
    try {
      await f(h);
    } finally {
      await h.close();
    }
  };

  describe(`MemoryHistory contract: ${name}`, () => {
    it('is empty at first, and keeps records in order, field for field, for another object to read', () =>
      withStore(async (h) => {
        const a = h.open();
        expect(await a.records()).toEqual([]);
        await a.append([record(1), record(2, { trust: 'user', section: 'Tools', updatedAt: '2026-11-20T00:00:00.000Z', supersededBy: null, reason: 'contradiction', proposalId: null })]);
        await a.append([]);
        await h.open().append([record(3, { kind: 'never', scope: 'global', confidence: null, source: null, reason: 'slot-rival' })]);
        expect(await h.open().records()).toEqual([record(1), record(2, { trust: 'user', section: 'Tools', updatedAt: '2026-11-20T00:00:00.000Z', supersededBy: null, reason: 'contradiction', proposalId: null }), record(3, { kind: 'never', scope: 'global', confidence: null, source: null, reason: 'slot-rival' })]);
        expect(a.location).toMatch(/history/);
      }));

    it('removes every record of the named entries, and only those', () =>
      withStore(async (h) => {
        const a = h.open();
        await a.append([record(1), record(2), record(1, { supersededAt: '2026-11-23T00:00:00.000Z' }), record(3)]);
        expect(await h.open().remove(['e-1', 'e-9'])).toBe(2);
        expect((await a.records()).map((r) => r.id)).toEqual(['e-2', 'e-3']);
        expect(await a.remove([])).toBe(0);
      }));

    it('loses nothing when two history objects append at once', () =>
      withStore(async (h) => {
        const [a, b] = [h.open(), h.open()];
        await Promise.all(Array.from({ length: CONCURRENT_APPENDS }, (_, i) => (i % 2 === 0 ? a : b).append([record(i + 1)])));
        expect((await a.records()).map((r) => r.id).sort()).toEqual(Array.from({ length: CONCURRENT_APPENDS }, (_, i) => `e-${i + 1}`).sort());
      }));
  });
};
