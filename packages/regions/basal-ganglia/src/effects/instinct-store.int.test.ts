import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultBasalGangliaParams } from '../basal-ganglia-params.js';
import { planInstincts, type InstinctPlan } from '../plan-instincts.js';
import { DAY_MS } from '../recency.js';
import { InstinctStore } from './instinct-store.js';

const params = defaultBasalGangliaParams;
const T0 = 100 * DAY_MS;
const ID = 'basal-ganglia.chain.Grep>Read>Edit';
const score = { id: ID, kind: 'chain' as const, tools: ['Grep', 'Read', 'Edit'], observations: 20, selfConfirmed: 0, sessions: 4, sessionsInWindow: 4, firstSeen: T0 - DAY_MS, lastSeen: T0, frequency: 1, consistency: 1, recency: 1, confidence: 1, helped: null };

/** One run of the loop against the store: read what is on disk, plan at `now`, write, as `instincts promote` does. */
const run = (store: InstinctStore, now: number, withScore: boolean): Promise<InstinctPlan> =>
  store.locked((tx) => {
    const plan = planInstincts({ scores: withScore ? [score] : [], existing: tx.read().tracked, now, params, track: true, promote: false });
    tx.write(plan);
    return plan;
  });

describe('the instinct store skips rewrites that change no decision', () => {
  it('leaves a file alone when only a small decay changed, and rewrites it once decay shows', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'engram-instinct-store-')), 'instincts');
    const store = new InstinctStore(dir);
    await run(store, T0, true);
    const file = store.fileOf(store.read().tracked[0]!);
    const first = readFileSync(file, 'utf8');
    // A minute later the decay is far below half a point: the file keeps its text, and the plan is the one a rewrite would give.
    const minute = await run(store, T0 + 60_000, false);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(minute.active[0]?.confidence).toBeLessThan(1);
    // Two days later decay is several points: the file is rewritten with the decayed confidence.
    const later = await run(store, T0 + 2 * DAY_MS, false);
    expect(readFileSync(file, 'utf8')).not.toBe(first);
    expect(store.read().tracked[0]?.confidence).toBe(later.active[0]?.confidence);
    // The next decision is the same as with every file rewritten: decay is recomputed from stored inputs.
    const again = await run(store, T0 + 2 * DAY_MS + 60_000, false);
    expect(again.active[0]?.confidence).toBeCloseTo(later.active[0]!.confidence, 3);
  });
});

describe('removing instincts from the folder', () => {
  it('deletes the files and takes a promoted one out of generated-rules.md, keeping the other rules', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'engram-instinct-remove-')), 'instincts');
    const store = new InstinctStore(dir);
    const at = new Date(T0).toISOString();
    const promoted = (id: string, description: string) => ({ ...score, id, description, status: 'promoted' as const, firstSeen: at, lastSeen: at, updatedAt: at, promotedAt: at, archivedAt: null, archiveReason: null });
    const keep = promoted('basal-ganglia.chain.Ls>Cat', 'List then read the file');
    const gone = promoted(ID, 'Search the Zorblax ledger then edit it');
    await store.write({ active: [keep, gone], archived: [], promoted: [keep.id, gone.id], promotable: [] });
    expect(readFileSync(store.rulesFile, 'utf8')).toContain('Zorblax');
    const file = store.fileOf(gone);
    expect(await store.remove([gone.id])).toEqual([gone.id]);
    expect(existsSync(file)).toBe(false);
    const rules = readFileSync(store.rulesFile, 'utf8');
    expect(rules).not.toContain('Zorblax');
    expect(rules).toContain('List then read the file');
    expect(store.read().tracked.map((i) => i.id)).toEqual([keep.id]);
  });
});
