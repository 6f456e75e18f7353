import { describe, expect, it } from 'vitest';
import type { InstinctStorePort } from '../effects/instinct-store-port.js';
import type { Instinct } from '../instinct.js';
import { compareCodeUnits } from '@engram/kernel';

/** Storage an instinct contract test writes to: every `open` is a new store over the same storage (another process), `close` releases it all. */
export interface InstinctStoreHarness {
  readonly open: () => InstinctStorePort;
  readonly close: () => Promise<void>;
}

/** Concurrent read-modify-writes in the race test (two store objects): a lost update shows as a lower count. */
const CONCURRENT_RUNS = 8;
const AT = '2026-11-22T03:15:00.000Z';

const instinct = (id: string, over: Partial<Instinct> = {}): Instinct => ({
  id,
  kind: 'chain',
  tools: ['Grep', 'Read'],
  description: `Grep then Read (${id})`,
  status: 'active',
  confidence: 0.6,
  frequency: 0.8,
  consistency: 0.75,
  observations: 5,
  selfConfirmed: 0,
  sessions: 3,
  sessionsInWindow: 3,
  firstSeen: AT,
  lastSeen: AT,
  updatedAt: AT,
  promotedAt: null,
  archivedAt: null,
  archiveReason: null,
  ...over,
});

const byId = (list: readonly Instinct[]) => [...list].sort((a, b) => compareCodeUnits(a.id, b.id));

/**
 * What every instinct store backend must do (the `instincts/` folder and PostgreSQL alike):
 * tracked and archived instincts round-trip exactly, archiving moves an instinct out of tracking,
 * and read-analyse-write under `locked` loses no update when runs overlap.
 */
export const instinctStoreContract = (name: string, fresh: () => Promise<InstinctStoreHarness>) => {
  const withStore = async (f: (h: InstinctStoreHarness) => Promise<void>): Promise<void> => {
    const h = await fresh();
    try {
      await f(h);
    } finally {
      await h.close();
    }
  };

  describe(`instinct store contract: ${name}`, () => {
    it('is empty at first', () =>
      withStore(async (h) => {
        expect(await h.open().read()).toEqual({ tracked: [], archived: [], problems: [] });
      }));

    it('keeps tracked and promoted instincts exactly as written, for another store object to read', () =>
      withStore(async (h) => {
        const a = instinct('basal-ganglia.chain.Grep>Read');
        const p = instinct('basal-ganglia.chain.Read>Edit', { status: 'promoted', promotedAt: AT, confidence: 0.9 });
        await h.open().write({ active: [a, p], archived: [], promoted: [p.id], promotable: [] });
        const read = await h.open().read();
        expect(byId(read.tracked)).toEqual(byId([a, p]));
        expect(read.archived).toEqual([]);
        expect(typeof h.open().fileOf(a)).toBe('string');
      }));

    it('moves an archived instinct out of tracking', () =>
      withStore(async (h) => {
        const s = h.open();
        const a = instinct('basal-ganglia.chain.Grep>Read');
        const b = instinct('basal-ganglia.chain.Ls>Cat');
        await s.write({ active: [a, b], archived: [], promoted: [], promotable: [] });
        const gone = { ...b, status: 'archived' as const, archivedAt: AT, archiveReason: 'manual' as const };
        await s.write({ active: [a], archived: [gone], promoted: [], promotable: [] });
        const read = await h.open().read();
        expect(read.tracked).toEqual([a]);
        expect(read.archived).toEqual([gone]);
        expect(s.fileOf(gone)).not.toBe(s.fileOf(b));
      }));

    it('removes instincts by id, tracked, promoted or archived, for every store object, skipping ids it does not hold', () =>
      withStore(async (h) => {
        const s = h.open();
        const a = instinct('basal-ganglia.chain.Grep>Read');
        const p = instinct('basal-ganglia.chain.Read>Edit', { status: 'promoted', promotedAt: AT, confidence: 0.9 });
        const q = instinct('basal-ganglia.chain.Edit>Bash', { status: 'promoted', promotedAt: AT, confidence: 0.9 });
        const old = instinct('basal-ganglia.chain.Ls>Cat', { status: 'archived', archivedAt: AT, archiveReason: 'manual' });
        await s.write({ active: [a, p, q], archived: [old], promoted: [p.id, q.id], promotable: [] });
        expect(await h.open().remove([p.id, old.id, 'basal-ganglia.chain.None>None'])).toEqual([p.id, old.id].sort());
        const read = await h.open().read();
        expect(byId(read.tracked)).toEqual(byId([a, q]));
        expect(read.archived).toEqual([]);
        expect(await s.remove([p.id])).toEqual([]);
        expect(await s.remove([])).toEqual([]);
      }));

    it('loses no update when runs read, decide and write under the lock at once', () =>
      withStore(async (h) => {
        const [a, b] = [h.open(), h.open()];
        const id = 'basal-ganglia.chain.Grep>Read';
        await a.write({ active: [instinct(id, { observations: 0 })], archived: [], promoted: [], promotable: [] });
        await Promise.all(
          Array.from({ length: CONCURRENT_RUNS }, (_, i) =>
            (i % 2 === 0 ? a : b).locked(async (tx) => {
              const [cur] = (await tx.read()).tracked;
              // Yield between read and write: without the lock the other runs would read the same count.
              await new Promise((r) => setTimeout(r, 2));
              await tx.write({ active: [{ ...cur!, observations: cur!.observations + 1, confidence: 0.6 }], archived: [], promoted: [], promotable: [] });
            }),
          ),
        );
        expect((await a.read()).tracked[0]?.observations).toBe(CONCURRENT_RUNS);
      }));
  });
};
