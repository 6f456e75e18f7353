import type { AnyDraft, AnyEnvelope } from '@engram/events';
import { buildEvent, buildStream } from '@engram/events/testing';
import { foldCore } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { cerebellumCore, pendingFlush } from './cerebellum-core.js';
import { defaultCerebellumParams, type CerebellumParams } from './cerebellum-params.js';
import { POST_MORTEM_TOOL } from './post-mortem-result.js';

type Step = Parameters<typeof buildStream>[0][number];
type Steps = Step[];

const params = (over: Partial<CerebellumParams> = {}): CerebellumParams => ({ ...defaultCerebellumParams, ...over });
const run = (steps: Steps, p = params()) => foldCore(cerebellumCore, p, buildStream(steps));
const ofType = <T extends AnyDraft['type']>(published: readonly AnyDraft[], type: T) =>
  published.flatMap((d) => (d.type === type ? [d as Extract<AnyDraft, { type: T }>] : []));

const failed = (cellId: string, error: string, pad = 'main'): Steps =>
  [
    ['scratchpad.cell.requested', { cellId, pad, description: `step ${cellId}`, code: 'x = 1' }],
    ['scratchpad.cell.executed', { cellId, pad, ok: false, error }],
  ] as Steps;
const clean = (cellId: string): Steps =>
  [
    ['scratchpad.cell.requested', { cellId }],
    ['scratchpad.cell.executed', { cellId, ok: true, error: '', stderr: '' }],
  ] as Steps;

const NO_MODULE = "ModuleNotFoundError: No module named 'pandas'";

describe('cerebellumCore', () => {
  it('cheap path: a turn of clean cells publishes nothing and leaves nothing pending', () => {
    const { published, state } = run([['executive.turn.started'], ...clean('c1'), ...clean('c2'), ['executive.turn.completed']]);
    expect(published).toEqual([]);
    expect(state.pending.size).toBe(0);
  });

  it('classifies a failed cell at once, keyed on signature and pad', () => {
    const { published } = run([['executive.turn.started'], ...failed('c1', NO_MODULE, 'etl')]);
    expect(ofType(published, 'cerebellum.error.classified').map((d) => d.data)).toEqual([
      { errorClass: 'missing-module', signature: "ModuleNotFoundError: No module named 'X'", tool: 'scratchpad', target: 'etl', hint: expect.any(String) as string },
    ]);
  });

  it('treats a warning on stderr as a failure and a killed cell as a timeout', () => {
    const { published } = run([
      ['executive.turn.started'],
      ['scratchpad.cell.executed', { cellId: 'w', ok: false, error: '', stderr: 'FutureWarning: something changes' }],
      ['scratchpad.cell.killed', { cellId: 'k', reason: 'Cell killed by the host' }],
    ]);
    expect(ofType(published, 'cerebellum.error.classified').map((d) => d.data.errorClass)).toEqual(['unknown', 'timeout']);
  });

  it('in llm mode keeps the flush whole until the answer, then publishes the lessons (first 3, blanks dropped)', () => {
    const steps: Steps = [['executive.turn.started'], ...failed('c1', NO_MODULE), ...failed('c2', 'KeyError: x'), ['executive.turn.completed', {}, { id: 'done-1' }]];
    const before = run(steps);
    expect(ofType(before.published, 'cerebellum.lesson.learned')).toEqual([]);
    expect(pendingFlush(before.state, 'done-1')?.cells.map((c) => c.cellId)).toEqual(['c1', 'c2']);
    const lessons = [{ text: 'Install packages before importing.', topic: '' }, { text: ' ' }, { text: 'Check keys exist.', topic: 'python' }, { text: 'A fourth.' }];
    const { published, state } = run([
      ...steps,
      ['llm.call.completed', { purpose: 'cerebellum', role: 'coding', response: { content: [{ type: 'tool_use', id: 't', name: POST_MORTEM_TOOL, input: { lessons } }] } }, { causationId: 'done-1' }],
    ]);
    expect(ofType(published, 'cerebellum.lesson.learned').map((d) => d.data)).toEqual([
      { text: 'Install packages before importing.', topic: 'scratchpad', method: 'llm', cellIds: ['c1', 'c2'] },
      { text: 'Check keys exist.', topic: 'python', method: 'llm', cellIds: ['c1', 'c2'] },
    ]);
    expect(state.pending.size).toBe(0);
  });

  it('a failed post-mortem call loses nothing: the kept flush becomes classifier lessons (anton.md §15.9)', () => {
    const { published } = run([
      ['executive.turn.started'],
      ...failed('c1', NO_MODULE),
      ...failed('c2', "ModuleNotFoundError: No module named 'numpy'"),
      ...failed('c3', "FileNotFoundError: [Errno 2] No such file or directory: 'a.csv'"),
      ['executive.turn.completed', {}, { id: 'done-1' }],
      ['llm.call.failed', { purpose: 'cerebellum', reason: 'timeout' }, { causationId: 'done-1' }],
    ]);
    const learned = ofType(published, 'cerebellum.lesson.learned').map((d) => d.data);
    expect(learned.map((l) => [l.method, l.cellIds])).toEqual([
      ['classifier', ['c1', 'c2']],
      ['classifier', ['c3']],
    ]);
    expect(learned[0]?.text).toMatch(/^After a missing module in scratchpad "main": Install the package/);
  });

  it('ignores model answers for other purposes or other flushes', () => {
    const { published, state } = run([
      ['executive.turn.started'],
      ...failed('c1', NO_MODULE),
      ['executive.turn.completed', {}, { id: 'done-1' }],
      ['llm.call.failed', { purpose: 'consolidation' }, { causationId: 'done-1' }],
      ['llm.call.failed', { purpose: 'cerebellum' }, { causationId: 'elsewhere' }],
    ]);
    expect(ofType(published, 'cerebellum.lesson.learned')).toEqual([]);
    expect(state.pending.has('done-1')).toBe(true);
  });

  it('with no model configured, learns from the classifier at the end of the turn', () => {
    const { published } = run([['executive.turn.started'], ...failed('c1', NO_MODULE), ['executive.turn.completed']], params({ postMortem: 'classifier' }));
    expect(ofType(published, 'cerebellum.lesson.learned').map((d) => d.data.method)).toEqual(['classifier']);
  });

  it.each(['executive.turn.failed', 'executive.turn.cancelled'] as const)('drops the buffer without learning on %s (anton.md §15.3)', (end) => {
    const { published, state } = run([
      ['executive.turn.started'],
      ...failed('c1', NO_MODULE),
      [end],
      ['executive.turn.started'],
      ['executive.turn.completed'],
    ]);
    expect(ofType(published, 'cerebellum.lesson.learned')).toEqual([]);
    expect(state.pending.size).toBe(0);
  });

  it('caps the buffer and counts what it left out', () => {
    const steps: Steps = [['executive.turn.started']];
    for (let i = 0; i < 5; i++) steps.push(...failed(`c${i}`, `KeyError: k${i}`));
    steps.push(['executive.turn.completed', {}, { id: 'done' }]);
    const { state, published } = run(steps, params({ maxCellsPerFlush: 3 }));
    expect(ofType(published, 'cerebellum.error.classified')).toHaveLength(5);
    const flush = pendingFlush(state, 'done');
    expect(flush?.cells.map((c) => c.cellId)).toEqual(['c0', 'c1', 'c2']);
    expect(flush?.dropped).toBe(2);
  });

  it('falls back to the classifier for the oldest flush when too many answers are outstanding', () => {
    const steps: Steps = [];
    for (let t = 1; t <= 3; t++) steps.push(['executive.turn.started'], ...failed(`t${t}`, NO_MODULE), ['executive.turn.completed', {}, { id: `done-${t}` }]);
    const { state, published } = run(steps, params({ maxPendingFlushes: 2 }));
    expect(ofType(published, 'cerebellum.lesson.learned').map((d) => d.data.cellIds)).toEqual([['t1']]);
    expect([...state.pending.keys()]).toEqual(['done-2', 'done-3']);
  });

  it('classifies failed tool results with the target from the call, but not the scratchpad tool (its cell says it)', () => {
    const { published } = run([
      ['executive.turn.started'],
      ['executive.tool.called', { toolUseId: 'u1', name: 'read_file', input: { path: 'src/legacy.cbl' } }],
      ['executive.tool.resulted', { toolUseId: 'u1', name: 'read_file', ok: false, error: "'utf-8' codec can't decode byte 0x81 in position 0" }],
      ['executive.tool.called', { toolUseId: 'u2', name: 'scratchpad', input: { name: 'main' } }],
      ['executive.tool.resulted', { toolUseId: 'u2', name: 'scratchpad', ok: false, error: 'KeyError' }],
      ['executive.turn.completed'],
    ]);
    expect(ofType(published, 'cerebellum.error.classified').map((d) => [d.data.errorClass, d.data.tool, d.data.target])).toEqual([
      ['encoding', 'read_file', 'src/legacy.cbl'],
    ]);
    expect(ofType(published, 'cerebellum.lesson.learned')).toEqual([]);
  });

  it('with memory off, still classifies but buffers and learns nothing', () => {
    const events: AnyEnvelope[] = [
      buildEvent('executive.session.started', { modes: { memory: 'off', acc: 'passive' } }, { seq: 1 }),
      ...buildStream([['executive.turn.started'], ...failed('c1', NO_MODULE), ['executive.turn.completed']], { seq: 2 }),
    ];
    const { published, state } = foldCore(cerebellumCore, params({ postMortem: 'classifier' }), events);
    expect(published.map((d) => d.type)).toEqual(['cerebellum.error.classified']);
    expect(state.pending.size).toBe(0);
  });
});
