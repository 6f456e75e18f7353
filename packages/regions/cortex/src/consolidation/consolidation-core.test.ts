import type { AnyDraft, AnyEnvelope } from '@engram/events';
import { buildStream } from '@engram/events/testing';
import { foldCore } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { CONSOLIDATION_TOOL } from './consolidated-lessons.js';
import { CONSOLIDATION_PURPOSE, consolidationCore, isConsolidated, pendingReplays, waitingCells, type ConsolidationState } from './consolidation-core.js';
import { defaultConsolidationParams, type ConsolidationParams } from './consolidation-params.js';

type Steps = Parameters<typeof buildStream>[0];

const params = (over: Partial<ConsolidationParams> = {}): ConsolidationParams => ({ ...defaultConsolidationParams, ...over });

/** A cell's request and outcome. */
const cell = (cellId: string, over: { pad?: string; error?: string; stdout?: string; description?: string } = {}): Steps => {
  const pad = over.pad ?? 'main';
  return [
    ['scratchpad.cell.requested', { cellId, pad, description: over.description ?? `step ${cellId}`, code: `run_${cellId}()` }],
    ['scratchpad.cell.executed', { cellId, pad, ok: (over.error ?? '') === '', stdout: over.stdout ?? '', error: over.error ?? '', stderr: '' }],
  ];
};

const turnEnd = (id: string): Steps => [['executive.turn.completed', {}, { id }]];

const answer = (causationId: string, items: unknown[], id = `ans-${causationId}`): Steps => [
  [
    'llm.call.completed',
    { purpose: CONSOLIDATION_PURPOSE, response: { content: [{ type: 'tool_use', id: 'toolu_1', name: CONSOLIDATION_TOOL, input: { items } }] } },
    { id, causationId },
  ],
];

const failure = (causationId: string): Steps => [['llm.call.failed', { purpose: CONSOLIDATION_PURPOSE, reason: 'server_error' }, { causationId }]];

/** Folds and keeps the state after every event, so a test can look at the replays a turn end left. */
const run = (steps: Steps, p = params()) => {
  const events: AnyEnvelope[] = buildStream(steps);
  let state: ConsolidationState = consolidationCore.initialState(p);
  const published: AnyDraft[] = [];
  const replays: { at: string; pad: string; cellIds: string[] }[] = [];
  for (const e of events) {
    state = consolidationCore.evolve(state, e);
    published.push(...consolidationCore.react(state, e, p));
    if (e.type === 'executive.turn.completed') for (const r of pendingReplays(state, e.id)) replays.push({ at: e.id, pad: r.pad, cellIds: r.cells.map((c) => c.cellId) });
  }
  return { state, published, replays };
};

const proposals = (published: readonly AnyDraft[]) => published.flatMap((d) => (d.type === 'cortex.engram.proposed' ? [d.data] : []));

describe('consolidationCore', () => {
  it('replays a pad at the turn end when its cells pass the gate, and proposes what the answer holds', () => {
    const { published, replays, state } = run([
      ...cell('c1'),
      ...cell('c2', { error: 'KeyError: price' }),
      ...turnEnd('t1'),
      ...answer('t1', [{ text: 'Check column names before indexing', kind: 'always', confidence: 'high' }, { text: '  ' }]),
    ]);
    expect(replays).toEqual([{ at: 't1', pad: 'main', cellIds: ['c1', 'c2'] }]);
    expect(proposals(published)).toEqual([
      {
        proposalId: 'ans-t1:1',
        engram: { text: 'Check column names before indexing', kind: 'always', scope: 'project', confidence: 'high', topic: null, source: 'consolidation' },
        origin: 'consolidation',
        gate: 'autopilot',
        trust: 'model',
      },
    ]);
    expect(isConsolidated(state, 'main', 'c1') && isConsolidated(state, 'main', 'c2')).toBe(true);
  });

  it('puts the compressed, scrubbed cells in the replay prompt', () => {
    const { state } = run([...cell('c1', { stdout: 'ok\n' }), ...cell('c2', { error: 'boom', description: 'key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789' }), ...turnEnd('t1')]);
    const [replay] = pendingReplays(state, 't1');
    expect(replay?.prompt.user).toMatch(/^Cell 1 \[ok\]: step c1 → ok\nCell 2 \[error\]: key .* → ERROR: boom\n {2}Code: run_c2\(\)$/);
    expect(replay?.prompt.user).not.toContain('abcdefghijklmnopqrstuvwxyz0123456789');
  });

  it('never replays a consolidated cell again: the next replay needs enough new cells (§15.8)', () => {
    const { replays } = run([
      ...cell('c1'),
      ...cell('c2'),
      ...cell('c3'),
      ...cell('c4'),
      ...cell('c5'),
      ...turnEnd('t1'),
      ...answer('t1', []),
      ...turnEnd('t2'), // Anton would re-send c1..c5 here, and every turn after
      ...cell('c6'),
      ...turnEnd('t3'), // one new clean cell: too few
      ...cell('c7', { error: 'x' }),
      ...turnEnd('t4'), // c6 + c7 with an error: replay just those
    ]);
    expect(replays).toEqual([
      { at: 't1', pad: 'main', cellIds: ['c1', 'c2', 'c3', 'c4', 'c5'] },
      { at: 't4', pad: 'main', cellIds: ['c6', 'c7'] },
    ]);
  });

  it('keeps cells of a replay in flight out of the next turn end', () => {
    const { replays } = run([...cell('c1'), ...cell('c2', { error: 'x' }), ...turnEnd('t1'), ...cell('c3'), ...cell('c4', { error: 'y' }), ...turnEnd('t2')]);
    expect(replays).toEqual([
      { at: 't1', pad: 'main', cellIds: ['c1', 'c2'] },
      { at: 't2', pad: 'main', cellIds: ['c3', 'c4'] },
    ]);
  });

  it('proposes nothing on a failed call and retries the same cells at the next turn end, before newer ones', () => {
    const { published, replays, state } = run([
      ...cell('c1'),
      ...cell('c2', { error: 'x' }),
      ...turnEnd('t1'),
      ...failure('t1'),
      ...cell('c3'),
      ...turnEnd('t2'),
      ...answer('t2', [{ text: 'A lesson' }]),
    ]);
    expect(replays).toEqual([
      { at: 't1', pad: 'main', cellIds: ['c1', 'c2'] },
      { at: 't2', pad: 'main', cellIds: ['c1', 'c2', 'c3'] },
    ]);
    expect(proposals(published).map((p) => p.engram.text)).toEqual(['A lesson']);
    expect(isConsolidated(state, 'main', 'c3')).toBe(true);
  });

  it('treats an answer without a readable tool call as a failure', () => {
    const bad: Steps = [['llm.call.completed', { purpose: CONSOLIDATION_PURPOSE, response: { content: [{ type: 'text', text: 'sure!' }] } }, { causationId: 't1' }]];
    const { published, state } = run([...cell('c1'), ...cell('c2', { error: 'x' }), ...turnEnd('t1'), ...bad]);
    expect(proposals(published)).toEqual([]);
    expect(waitingCells(state, 'main').map((c) => c.cellId)).toEqual(['c1', 'c2']);
  });

  it('gives cells up after maxAttemptsPerCell failed calls', () => {
    const { state, replays } = run([...cell('c1'), ...cell('c2', { error: 'x' }), ...turnEnd('t1'), ...failure('t1'), ...turnEnd('t2'), ...failure('t2'), ...turnEnd('t3')], params({ maxAttemptsPerCell: 2 }));
    expect(replays.map((r) => r.at)).toEqual(['t1', 't2']);
    expect(state.abandoned.size).toBe(2);
    expect(waitingCells(state, 'main')).toEqual([]);
  });

  it('releases cells whose answer never came after maxTurnsInFlight turn ends, and ignores that answer if it comes late', () => {
    const { replays, published } = run(
      [...cell('c1'), ...cell('c2', { error: 'x' }), ...turnEnd('t1'), ...turnEnd('t2'), ...turnEnd('t3'), ...answer('t1', [{ text: 'late' }]), ...answer('t3', [{ text: 'on time' }])],
      params({ maxTurnsInFlight: 1 }),
    );
    expect(replays).toEqual([
      { at: 't1', pad: 'main', cellIds: ['c1', 'c2'] },
      { at: 't3', pad: 'main', cellIds: ['c1', 'c2'] },
    ]);
    expect(proposals(published).map((p) => p.engram.text)).toEqual(['on time']);
  });

  it('replays each pad on its own, matching answers in the order the replays were made', () => {
    const { published, replays } = run([
      ...cell('a1', { pad: 'a' }),
      ...cell('b1', { pad: 'b', error: 'x' }),
      ...cell('a2', { pad: 'a', error: 'y' }),
      ...cell('b2', { pad: 'b' }),
      ...turnEnd('t1'),
      ...answer('t1', [{ text: 'from a' }], 'x1'),
      ...answer('t1', [{ text: 'from b' }], 'x2'),
    ]);
    expect(replays).toEqual([
      { at: 't1', pad: 'a', cellIds: ['a1', 'a2'] },
      { at: 't1', pad: 'b', cellIds: ['b1', 'b2'] },
    ]);
    expect(proposals(published).map((p) => [p.proposalId, p.engram.text])).toEqual([
      ['x1:1', 'from a'],
      ['x2:1', 'from b'],
    ]);
  });

  it('drops the cells of a failed or cancelled turn without learning, keeping earlier waiting ones', () => {
    const { replays } = run([
      ['executive.turn.started', {}],
      ...cell('c1'),
      ...turnEnd('t1'),
      ['executive.turn.started', {}],
      ...cell('c2', { error: 'x' }),
      ['executive.turn.cancelled', {}],
      ['executive.turn.started', {}],
      ...cell('c3', { error: 'y' }),
      ['executive.turn.failed', {}],
      ['executive.turn.started', {}],
      ...cell('c4', { error: 'z' }),
      ...turnEnd('t4'),
    ]);
    expect(replays).toEqual([{ at: 't4', pad: 'main', cellIds: ['c1', 'c4'] }]);
  });

  it('takes a killed cell in with its reason as the error', () => {
    const { state } = run([...cell('c1'), ['scratchpad.cell.requested', { cellId: 'c2', description: 'big join' }], ['scratchpad.cell.killed', { cellId: 'c2', reason: 'Cell timed out after 30s' }], ...turnEnd('t1')]);
    expect(pendingReplays(state, 't1')[0]?.prompt.user).toContain('Cell 2 [error]: big join → ERROR: Cell timed out after 30s');
  });

  it('ignores a repeated cell event', () => {
    const { replays } = run([...cell('c1'), ...cell('c1'), ...turnEnd('t1')]);
    expect(replays).toEqual([]);
  });

  it('bounds a replay to maxCellsPerReplay cells; the rest wait for the next turn end', () => {
    const many = Array.from({ length: 7 }, (_, i) => cell(`c${i + 1}`)).flat();
    const { replays } = run([...many, ...turnEnd('t1'), ...turnEnd('t2')], params({ maxCellsPerReplay: 5 }));
    expect(replays).toEqual([{ at: 't1', pad: 'main', cellIds: ['c1', 'c2', 'c3', 'c4', 'c5'] }]); // c6, c7: only 2 clean cells left
  });

  it('replays nothing with memory off, and records the mode as the gate otherwise', () => {
    const off = run([['executive.session.started', { modes: { memory: 'off', acc: 'active' } }], ...cell('c1'), ...cell('c2', { error: 'x' }), ...turnEnd('t1')]);
    expect(off.replays).toEqual([]);
    const copilot = run([['executive.session.started', { modes: { memory: 'copilot', acc: 'active' } }], ...cell('c1'), ...cell('c2', { error: 'x' }), ...turnEnd('t1'), ...answer('t1', [{ text: 'z' }])]);
    expect(proposals(copilot.published)[0]?.gate).toBe('copilot');
  });

  it('ignores answers for other purposes or unknown turn ends', () => {
    const other: Steps = [['llm.call.completed', { purpose: 'cerebellum', response: { content: [] } }, { causationId: 't1' }]];
    const { state } = run([...cell('c1'), ...cell('c2', { error: 'x' }), ...turnEnd('t1'), ...other, ...answer('nope', [{ text: 'q' }])]);
    expect(pendingReplays(state, 't1')).toHaveLength(1);
  });

  it('folds like every core: same log, same proposals', () => {
    const steps = [...cell('c1'), ...cell('c2', { error: 'x' }), ...turnEnd('t1'), ...answer('t1', [{ text: 'y' }])];
    expect(foldCore(consolidationCore, params(), buildStream(steps)).published).toEqual(foldCore(consolidationCore, params(), buildStream(steps)).published);
  });
});
