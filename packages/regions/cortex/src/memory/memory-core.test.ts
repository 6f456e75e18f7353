/**
 * Fixtures of the memory core as replay runs it: given the recorded reads, when the effect's
 * reports arrive, `check` says what each should have been. They exist because these reports
 * (`.contradicted`, `.superseded`, `cortex.context.injected`) used to be read as given.
 */
import { buildEvent, defaultData } from '@engram/events/testing';
import type { AnyEnvelope } from '@engram/events';
import { describe, expect, it } from 'vitest';
import { memoryCore, type MemoryCoreState } from './memory-core.js';

const foldChecks = (events: readonly AnyEnvelope[]): { state: MemoryCoreState; checked: { id: string; data: unknown }[] } => {
  let state = memoryCore.initialState({});
  const checked: { id: string; data: unknown }[] = [];
  for (const e of events) {
    state = memoryCore.evolve(state, e);
    expect(memoryCore.react(state, e, {})).toEqual([]);
    for (const d of memoryCore.check?.(state, e) ?? []) checked.push({ id: e.id, data: d.data });
  }
  return { state, checked };
};

const read = buildEvent('cortex.candidates.read', defaultData['cortex.candidates.read'], { id: 'r1', seq: 1 });
const contradicted = { proposalId: 'p2', entryId: 'f0bd3194ed1ebb24', scope: 'project', judge: 'heuristic', verdict: 'supersede', pendingId: null, reason: '' } as const;

describe('memoryCore', () => {
  it('given a read, when the write is carried out, then it expects the contradiction and the retirement the plan calls for (the store gives the new id)', () => {
    const { checked } = foldChecks([read]);
    expect(checked).toEqual([]);
    // The default read is the model contradicting a user's rule: it waits for the user.
    const pending = buildEvent('cortex.engram.contradicted', { ...contradicted, verdict: 'pending', pendingId: 'p-p2', reason: 'x' }, { id: 'c1', seq: 2 });
    const out = foldChecks([read, pending]).checked;
    expect(out).toHaveLength(1);
    expect(out[0]?.data).toMatchObject({ entryId: 'f0bd3194ed1ebb24', verdict: 'pending', pendingId: 'p-p2' });
    expect(out[0]?.data).not.toEqual(pending.data);
  });

  it('given a read where the writer is trusted, then it expects a supersede and a retirement whose only recorded field is the new id', () => {
    const trusted = buildEvent('cortex.candidates.read', { ...defaultData['cortex.candidates.read'], trust: 'user', origin: 'user' }, { id: 'r1', seq: 1 });
    const superseded = buildEvent('hippocampus.engram.superseded', { entryId: 'f0bd3194ed1ebb24', scope: 'project', text: 'edited', supersededBy: 'new-id', proposalId: 'p2', reason: 'contradiction', note: '' }, { id: 's1', seq: 3 });
    const { checked } = foldChecks([trusted, buildEvent('cortex.engram.contradicted', contradicted, { id: 'c1', seq: 2 }), superseded]);
    expect(checked.map((c) => c.data)).toMatchObject([{ verdict: 'supersede' }, { text: 'Always use tabs', supersededBy: 'new-id', reason: 'contradiction' }]);
  });

  it('given no read (an older log), then it expects nothing: the report stays a given', () => {
    expect(foldChecks([buildEvent('cortex.engram.contradicted', contradicted, { id: 'c1', seq: 2 })]).checked).toEqual([]);
  });

  it('given a memory block read, then the injection it caused is rebuilt, and a later read with unchanged memory (null) rebuilds from the earlier snapshot', () => {
    const block = buildEvent('cortex.context.read', defaultData['cortex.context.read'], { id: 'b1', seq: 1 });
    const again = buildEvent('cortex.context.read', { ...defaultData['cortex.context.read'], memory: null }, { id: 'b2', seq: 3 });
    const injected = (id: string, cause: string, seq: number) => buildEvent('cortex.context.injected', { target: 'system-prompt', tool: null, items: [], tokens: 0 }, { id, seq, causationId: cause });
    const { checked } = foldChecks([block, injected('i1', 'b1', 2), again, injected('i2', 'b2', 4), injected('i3', 'elsewhere', 5)]);
    expect(checked.map((c) => c.id)).toEqual(['i1', 'i2']);
    expect(checked[1]?.data).toEqual(checked[0]?.data);
    expect(checked[0]?.data).toMatchObject({ target: 'system-prompt', items: [{ id: 'acc.oversized-cell', why: 'global rule' }] });
  });
});
