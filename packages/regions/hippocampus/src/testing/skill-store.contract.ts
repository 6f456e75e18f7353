import { describe, expect, it } from 'vitest';
import { SkillLabelError } from '../skills/skill-label.js';
import type { SkillStore } from '../skills/skill-store.js';

/** Storage a skill contract test writes to: every `open` is a new store over the same storage (another process), `close` releases it all. */
export interface SkillStoreHarness {
  readonly open: () => SkillStore;
  readonly close: () => Promise<void>;
}

// Made up at run time so no secret-looking literal sits in the sources.
const KEY = ['sk-ant-', 'api03-', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'].join('');
/** Concurrent recall credits in the race test: enough to lose some without a lock, few enough to stay quick. */
const CONCURRENT_CREDITS = 12;

/** Runs `f` so a throw and a rejection read alike (a file store throws at once, a database rejects). */
const attempt = <A>(f: () => A): Promise<Awaited<A>> => Promise.resolve().then(f) as Promise<Awaited<A>>;

const draft = (label: string, over: Record<string, string> = {}) => ({ label, description: `How to ${label}`, body: `1. do ${label}\n2. check it\n`, ...over });

/**
 * What every `SkillStore` backend must do (the skills folder and PostgreSQL alike), written from
 * the file store's behaviour: save and list, tolerant lookups, typo-tolerant resolve, credits that
 * all count under concurrency, unique labels, removal, and refusals of bad input.
 */
export const skillStoreContract = (name: string, fresh: () => Promise<SkillStoreHarness>) => {
  const withStore = async (f: (h: SkillStoreHarness) => Promise<void>): Promise<void> => {
    const h = await fresh();
    try {
      await f(h);
    } finally {
      await h.close();
    }
  };

  describe(`SkillStore contract: ${name}`, () => {
    it('is empty at first: no skills, no match, nothing to credit', () =>
      withStore(async (h) => {
        const s = h.open();
        expect((await s.list()).skills).toEqual([]);
        expect(await s.load('csv-summary')).toBeNull();
        expect(await s.resolve('csv-summary')).toEqual({ kind: 'missing', input: 'csv-summary', available: [] });
        expect((await s.creditRecall('csv-summary')).ok).toBe(false);
        expect(typeof s.location).toBe('string');
      }));

    it('saves a skill that another store object then lists and loads, scrubbed, with zero counters', () =>
      withStore(async (h) => {
        const saved = await h.open().save({ ...draft('csv-summary'), whenToUse: 'a CSV needs totals', displayName: 'CSV summary', provenance: 'manual', createdAt: '2026-01-02T03:04:05+00:00', body: `use key ${KEY} then sum\n` });
        expect(saved).toMatchObject({ label: 'csv-summary', created: true });
        const other = h.open();
        const list = await other.list();
        expect(list.skills.map((x) => [x.label, x.name, x.description])).toEqual([['csv-summary', 'CSV summary', 'How to csv-summary. a CSV needs totals']]);
        const skill = await other.load('csv-summary');
        expect(skill?.body).not.toContain(KEY);
        expect(skill?.body).toContain('then sum');
        expect(skill?.provenance).toBe('manual');
        expect(skill?.createdAt).toBe('2026-01-02T03:04:05+00:00');
        expect(skill?.stats.total_recalls).toBe(0);
      }));

    it('lists skills sorted by label', () =>
      withStore(async (h) => {
        const s = h.open();
        for (const l of ['zeta', 'alpha', 'mid-one']) await s.save(draft(l));
        expect((await s.list()).skills.map((x) => x.label)).toEqual(['alpha', 'mid-one', 'zeta']);
      }));

    it('finds a skill by its label in any case and with _ for -, and resolves a typo to the closest', () =>
      withStore(async (h) => {
        const s = h.open();
        await s.save(draft('csv-summary'));
        expect((await s.load('CSV_Summary'))?.label).toBe('csv-summary');
        expect(await s.resolve('csv-summary')).toMatchObject({ kind: 'found', skill: { label: 'csv-summary' } });
        expect(await s.resolve('csv-sumary')).toMatchObject({ kind: 'closest', skill: { label: 'csv-summary' }, input: 'csv-sumary' });
        expect(await s.resolve('kubernetes-deploy')).toEqual({ kind: 'missing', input: 'kubernetes-deploy', available: ['csv-summary'] });
      }));

    it('refuses path-like lookups, bad labels and empty descriptions, storing nothing', () =>
      withStore(async (h) => {
        const s = h.open();
        await expect(attempt(() => s.load('../etc'))).rejects.toThrow(SkillLabelError);
        expect((await s.resolve('../etc')).kind).toBe('invalid');
        await expect(attempt(() => s.save(draft('Bad Label!')))).rejects.toThrow(SkillLabelError);
        await expect(attempt(() => s.save({ ...draft('empty-one'), description: '   ' }))).rejects.toThrow(RangeError);
        expect((await s.list()).skills).toEqual([]);
      }));

    it('saving again replaces the procedure and keeps the counters', () =>
      withStore(async (h) => {
        const s = h.open();
        await s.save(draft('csv-summary'));
        expect((await s.creditRecall('csv-summary')).ok).toBe(true);
        const again = await s.save({ ...draft('csv-summary'), body: 'the new way\n' });
        expect(again.created).toBe(false);
        const skill = await h.open().load('csv-summary');
        expect(skill?.body).toBe('the new way\n');
        expect(skill?.stats.total_recalls).toBe(1);
        expect(skill?.stats.stage_1.recommended).toBe(1);
      }));

    it('counts every one of concurrent recall credits from two store objects', () =>
      withStore(async (h) => {
        const [a, b] = [h.open(), h.open()];
        await a.save(draft('csv-summary'));
        const results = await Promise.all(Array.from({ length: CONCURRENT_CREDITS }, (_, i) => (i % 2 === 0 ? a : b).creditRecall(i % 3 === 0 ? 'CSV_summary' : 'csv-summary', 2)));
        expect(results.every((r) => r.ok)).toBe(true);
        const stats = (await a.load('csv-summary'))?.stats;
        expect(stats?.total_recalls).toBe(CONCURRENT_CREDITS);
        expect(stats?.stage_2.recommended).toBe(CONCURRENT_CREDITS);
      }));

    it('makes unique labels: the slug when free, then -2, -3', () =>
      withStore(async (h) => {
        const s = h.open();
        expect(await s.uniqueLabel('CSV Summary!')).toBe('csv-summary');
        await s.save(draft('csv-summary'));
        expect(await s.uniqueLabel('CSV Summary!')).toBe('csv-summary-2');
        await s.save(draft('csv-summary-2'));
        expect(await s.uniqueLabel('csv summary')).toBe('csv-summary-3');
        expect(await s.uniqueLabel('!!!')).toBe('skill');
      }));

    it('removes a skill found exactly, never by a fuzzy match', () =>
      withStore(async (h) => {
        const s = h.open();
        await s.save(draft('csv-summary'));
        expect(await s.remove('csv-sumary')).toMatchObject({ removed: false, label: null });
        expect(await s.remove('CSV_summary')).toMatchObject({ removed: true, label: 'csv-summary' });
        expect(await h.open().load('csv-summary')).toBeNull();
        await expect(attempt(() => s.remove('a/b'))).rejects.toThrow(SkillLabelError);
      }));
  });
};
