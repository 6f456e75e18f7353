import { describe, expect, it } from 'vitest';
import { changeHeld } from './held-kind.js';
import { PENDING_KIND, type PendingItem } from '../pending-item.js';

// Why: the three changes are the whole behaviour of both held stores on every backend; a
// change that leaves the items alone must hand back the same array, so a store skips its write.
const item = (id: string, text: string): PendingItem => ({
  pendingId: `p-${id}`,
  proposalId: id,
  engram: { text, kind: 'lesson', scope: 'project', confidence: 'medium', topic: null, source: 'consolidation' },
  origin: 'cerebellum',
  queuedAt: '2026-11-22T03:15:00.000Z',
  supersedes: [],
});
const held = changeHeld(PENDING_KIND);

describe('changeHeld', () => {
  it('given a held text, when the same text is added again, then the held item is returned and nothing changes', () => {
    const once = held.add(item('a', 'x'))([]).items;
    const twice = held.add(item('b', 'x'))(once);
    expect(twice.items).toBe(once);
    expect(twice.result.pendingId).toBe('p-a');
  });

  it('given three items, when taken by id or 1-based position, then unknown selectors are reported', () => {
    let items: readonly PendingItem[] = [];
    for (const [id, t] of [['a', 'x'], ['b', 'y'], ['c', 'z']] as const) items = held.add(item(id, t))(items).items;
    const r = held.take(['2', 'p-c', 'p-c', 'nope', '9'])(items);
    expect(r.result.taken.map((i) => i.pendingId)).toEqual(['p-b', 'p-c']);
    expect(r.result.unknown).toEqual(['nope', '9']);
    expect(r.items.map((i) => i.pendingId)).toEqual(['p-a']);
    expect(held.take(['nope'])(items).items).toBe(items);
  });

  it('given taken items, when restored, then they come back at the front in their order, never doubled', () => {
    const items = [item('a', 'x')];
    const r = held.restore([item('b', 'y'), item('a', 'x'), item('c', 'z')])(items);
    expect(r.items.map((i) => i.pendingId)).toEqual(['p-b', 'p-c', 'p-a']);
    expect(held.restore([item('a', 'x')])(items).items).toBe(items);
  });
});
