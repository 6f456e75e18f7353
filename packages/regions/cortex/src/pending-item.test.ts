import { describe, expect, it } from 'vitest';
import { EMPTY_PENDING, addPending, takePending, type PendingItem } from './pending-item.js';

const item = (id: string, text: string): PendingItem => ({
  pendingId: `p-${id}`,
  proposalId: id,
  engram: { text, kind: 'lesson', scope: 'project', confidence: 'medium', topic: null, source: 'consolidation' },
  origin: 'cerebellum',
  queuedAt: '2026-11-22T03:15:00.000Z',
  supersedes: [],
});

describe('pending queue model', () => {
  it('does not queue the same proposal twice', () => {
    const once = addPending(EMPTY_PENDING, item('a', 'x')).file;
    const twice = addPending(once, item('b', 'x'));
    expect(twice.file.items).toHaveLength(1);
    expect(twice.item.pendingId).toBe('p-a');
  });

  it('takes by id or 1-based position and reports unknown selectors', () => {
    let file = EMPTY_PENDING;
    for (const [id, t] of [['a', 'x'], ['b', 'y'], ['c', 'z']] as const) file = addPending(file, item(id, t)).file;
    const r = takePending(file, ['2', 'p-c', 'p-c', 'nope', '9']);
    expect(r.taken.map((i) => i.pendingId)).toEqual(['p-b', 'p-c']);
    expect(r.unknown).toEqual(['nope', '9']);
    expect(r.file.items.map((i) => i.pendingId)).toEqual(['p-a']);
  });
});
