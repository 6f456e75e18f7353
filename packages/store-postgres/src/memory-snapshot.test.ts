import type { MemoryEntry } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { fullState, mergeChanges, type PlacedRow } from './memory-snapshot.js';

const row = (file: PlacedRow['file'], pos: number, id: string, text = id, kind: MemoryEntry['kind'] = file === 'rules' ? 'never' : file === 'lessons' ? 'lesson' : 'profile'): PlacedRow => ({
  file,
  pos,
  entry: { id, text, kind, scope: 'global', confidence: null, topic: null, source: null, section: file === 'rules' ? kind : null, updatedAt: null },
});

const base = fullState([row('rules', 1, 'r1'), row('lessons', 2, 'l1'), row('rules', 3, 'r2', 'r2', 'always'), row('profile', 4, 'p1')], '100', '0');

describe('memory snapshots', () => {
  it('reads rules grouped by section, the rest in file order', () => {
    expect(base.snapshot.rules.map((e) => e.id)).toEqual(['r2', 'r1']);
    expect(base.snapshot.lessons.map((e) => e.id)).toEqual(['l1']);
    expect(base.snapshot.identities.map((e) => e.id)).toEqual(['p1']);
  });

  it('merges inserts by position and updates in place, keeping the arrays of files that did not change', () => {
    const next = mergeChanges(base, [row('lessons', 6, 'l3'), row('lessons', 5, 'l2'), row('lessons', 2, 'l1', 'l1 revised')], '0', '120');
    expect(next?.snapshot.lessons.map((e) => e.text)).toEqual(['l1 revised', 'l2', 'l3']);
    expect(next?.snapshot.rules).toBe(base.snapshot.rules);
    expect(next?.snapshot.identities).toBe(base.snapshot.identities);
    expect(next?.xmin).toBe('120');
  });

  it('puts a late insert (a transaction that committed after a newer one) in its place', () => {
    const seen = mergeChanges(base, [row('lessons', 9, 'l9')], '0', '110');
    const late = seen === null ? null : mergeChanges(seen, [row('lessons', 7, 'l7')], '0', '111');
    expect(late?.snapshot.lessons.map((e) => e.id)).toEqual(['l1', 'l7', 'l9']);
  });

  it('asks for a full read when the scope lost rows since (its removal counter moved)', () => {
    expect(mergeChanges(base, [], '1', '120')).toBeNull();
    expect(mergeChanges(base, [row('lessons', 5, 'l2')], '1', '120')).toBeNull();
    // A fact whose id followed its new text: the old id is gone, and the counter says so.
    expect(mergeChanges(base, [row('profile', 4, 'p1b')], '1', '120')).toBeNull();
    expect(mergeChanges(base, [], '0', '120')?.snapshot).toBe(base.snapshot);
    expect(mergeChanges(base, [], '0', '120')?.xmin).toBe('120');
  });
});
