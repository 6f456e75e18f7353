import { buildStream } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import { resumeStateOf } from './resume-state.js';

describe('resumeStateOf', () => {
  it('is a fresh session for an empty log', () => {
    expect(resumeStateOf([])).toMatchObject({ lastSeq: 0, position: { turn: 0, round: 0 }, inTurn: false, roundOpen: false, nextToolId: 0, turnToolResults: [], ended: false });
  });

  it('continues made-up ids past both tool and cell ids, keeps only the open turn results, and sees the end', () => {
    const events = buildStream([
      ['executive.turn.started', {}, { turn: 1 }],
      ['executive.round.started', { round: 1 }],
      ['executive.tool.called', { toolUseId: 'tool-4' }],
      ['executive.tool.resulted', { toolUseId: 'tool-4', name: 'a', ok: false, error: 'x' }],
      ['executive.turn.completed'],
      ['executive.turn.started', {}, { turn: 2 }],
      ['executive.round.started', { round: 1 }],
      ['scratchpad.cell.requested', { cellId: 'cell-9' }],
      ['executive.tool.called', { toolUseId: 'toolu_01ABC' }],
      ['executive.tool.resulted', { toolUseId: 'toolu_01ABC', name: 'b', ok: false, error: 'y' }],
    ]);
    const s = resumeStateOf(events);
    expect(s).toMatchObject({ position: { turn: 2, round: 1 }, inTurn: true, roundOpen: true, toolCallsThisRound: 1, nextToolId: 9, ended: false });
    expect(s.turnToolResults).toEqual([{ name: 'b', ok: false, error: 'y' }]);
    expect(s.lastSeq).toBe(events.at(-1)?.seq);
    expect(resumeStateOf([...events, ...buildStream([['executive.session.ended']])]).ended).toBe(true);
  });
});
