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

  it('given pinned reads, when a rule is written between them, then the second block keeps the first prefix and shows the rule after it; when the pinned rule goes, it re-pins', () => {
    const base = defaultData['cortex.context.read'];
    const rule = base.memory?.global.rules[0];
    if (base.memory === null || rule === undefined) throw new Error('the default read has a rule');
    const global = base.memory.global;
    const added = { ...rule, id: 'new-rule', text: 'Never force-push to main', kind: 'never', section: 'never' } as const;
    const withAdded = { global: { ...global, rules: [rule, added] }, project: null };
    const withoutFirst = { global: { ...global, rules: [added] }, project: null };
    const skills = [{ label: 'release', description: 'Tags and publishes a release' }];
    const injected = (id: string, cause: string, seq: number) => buildEvent('cortex.context.injected', { target: 'system-prompt', tool: null, items: [], tokens: 0 }, { id, seq, causationId: cause });
    const { checked, state } = foldChecks([
      buildEvent('cortex.context.read', { ...base, pinned: true, skills }, { id: 'b1', seq: 1 }),
      injected('i1', 'b1', 2),
      buildEvent('cortex.context.read', { ...base, memory: withAdded, pinned: true, skills: null }, { id: 'b2', seq: 3 }),
      injected('i2', 'b2', 4),
      buildEvent('cortex.context.read', { ...base, memory: withoutFirst, pinned: true, skills: null }, { id: 'b3', seq: 5 }),
      injected('i3', 'b3', 6),
    ]);
    const items = checked.map((c) => (c.data as { items: { id: string; why: string }[] }).items.map((i) => `${i.id} (${i.why.split(',')[0] ?? ''})`));
    expect(items).toEqual([
      ['acc.oversized-cell (global rule)', 'skill:release (skill)'],
      ['acc.oversized-cell (global rule)', 'new-rule (global rule or profile fact written after the conversation pinned its prefix)', 'skill:release (skill)'],
      ['new-rule (global rule)', 'skill:release (skill)'],
    ]);
    expect(state.pin?.memory.global.rules.map((r) => r.id)).toEqual(['new-rule']);
  });

  it('given a read recorded before pins and skills (no `pinned`), then its prefix is its own snapshot, as it was built', () => {
    const base = defaultData['cortex.context.read'];
    const { checked, state } = foldChecks([buildEvent('cortex.context.read', base, { id: 'b1', seq: 1 }), buildEvent('cortex.context.injected', { target: 'system-prompt', tool: null, items: [], tokens: 0 }, { id: 'i1', seq: 2, causationId: 'b1' })]);
    expect(state.pin).toBeNull();
    expect((checked[0]?.data as { items: unknown[] }).items).toHaveLength(1);
  });
});
