import { buildStream } from '@engram/events/testing';
import { foldCore } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { executiveCore } from './executive-core.js';
import { defaultExecutiveParams } from './executive-params.js';

const fold = (steps: Parameters<typeof buildStream>[0]) => foldCore(executiveCore, defaultExecutiveParams, buildStream(steps));

const failing = (id: string, error = "Refusing to save record for engine='gmail-1'", input: unknown = { target: 'q3' }) =>
  [
    ['executive.tool.called', { toolUseId: id, name: 'publish', input }],
    ['executive.tool.resulted', { toolUseId: id, name: 'publish', ok: false, error }],
  ] as const;

describe('executiveCore', () => {
  it('is a fresh session before any event', () => {
    expect(executiveCore.initialState(defaultExecutiveParams)).toMatchObject({ inTurn: false, roundOpen: false, nextToolId: 0, ended: false, nudges: [], lessons: [] });
  });

  it('continues made-up ids past tool and cell ids, keeps only the open turn\'s streaks, counts the open round, sees the end', () => {
    const { state } = fold([
      ['executive.turn.started', {}, { turn: 1 }],
      ['executive.round.started', { round: 1 }],
      ['executive.tool.called', { toolUseId: 'tool-4' }],
      ['executive.tool.resulted', { toolUseId: 'tool-4', name: 'a', ok: false, error: 'x' }],
      ['executive.turn.completed'],
      ['executive.turn.started', { message: 'second' }, { turn: 2 }],
      ['executive.round.started', { round: 1 }],
      ['scratchpad.cell.requested', { cellId: 'cell-9' }],
      ['executive.tool.called', { toolUseId: 'toolu_01ABC', name: 'b' }],
      ['executive.tool.resulted', { toolUseId: 'toolu_01ABC', name: 'b', ok: false, error: 'y' }],
    ]);
    expect(state).toMatchObject({ inTurn: true, roundOpen: true, toolCallsThisRound: 1, nextToolId: 9, ended: false, message: 'second', errors: ['y'] });
    expect([...state.streaks.keys()].map((k) => k.split('\u0000')[0])).toEqual(['b']);
    expect(state.calls.size).toBe(0);
    expect(foldCore(executiveCore, defaultExecutiveParams, buildStream([['executive.session.ended']])).state.ended).toBe(true);
  });

  it("derives the breaker's warning and block as each call is reported, and nothing outside a turn", () => {
    const { state, published } = fold([['executive.turn.started'], ...failing('t1'), ...failing('t2'), ...failing('t3'), ['executive.tool.called', { toolUseId: 't4', name: 'publish', input: { target: 'q3' } }]]);
    expect(published.map((d) => d.type === 'executive.tool.guarded' && [d.data.toolUseId, d.data.action, d.data.failures])).toEqual([
      ['t3', 'warned', 2],
      ['t4', 'blocked', 3],
    ]);
    expect(state.verdicts.get('t4')?.action).toBe('block');
    const guarded = published.find((d) => d.type === 'executive.tool.guarded');
    expect(guarded?.type === 'executive.tool.guarded' && guarded.data.inputSignature).toMatch(/^[0-9a-f]{16}$/);
    expect(fold([...failing('a'), ...failing('b'), ...failing('c')]).published).toEqual([]);
  });

  it('keys the verdict on the call: the failing input is warned then blocked, another input of the tool is allowed, after a resume too', () => {
    const { state, published } = fold([
      ['executive.turn.started'],
      ...failing('t1', 'boom', { command: 'npm run biuld' }),
      ...failing('t2', 'boom', { command: 'npm run biuld' }),
      ['executive.tool.called', { toolUseId: 'o1', name: 'publish', input: { command: 'echo one' } }],
      ...failing('t3', 'boom', { command: 'npm run biuld' }),
      ['executive.tool.called', { toolUseId: 't4', name: 'publish', input: { command: 'npm run biuld', description: 'retry' } }],
      ['executive.tool.called', { toolUseId: 'o2', name: 'publish', input: { command: 'echo recovered' } }],
    ]);
    expect(published.map((d) => d.type === 'executive.tool.guarded' && [d.data.toolUseId, d.data.action])).toEqual([
      ['t3', 'warned'],
      ['t4', 'blocked'],
    ]);
    expect(state.verdicts.get('o2')?.action).toBe('allow');
    // A result reported for a call that is still open counts under that call's input.
    expect([...state.calls.keys()]).toEqual(['o1', 't4', 'o2']);
  });

  it('uses the limits the log records, and a new turn starts with no streaks', () => {
    const { published } = fold([
      ['executive.guards.configured', { warnAt: 1, blockAt: 2, perTool: {} }],
      ['executive.turn.started'],
      ...failing('t1'),
      ['executive.tool.called', { toolUseId: 't2', name: 'publish', input: { target: 'q3' } }],
      ['executive.turn.started'],
      ['executive.tool.called', { toolUseId: 't3', name: 'publish', input: { target: 'q3' } }],
    ]);
    expect(published.map((d) => d.type === 'executive.tool.guarded' && d.data.toolUseId)).toEqual(['t2']);
  });
});
