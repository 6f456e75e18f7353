import type { AnyEnvelope } from '@engram/events';
import { buildStream } from '@engram/events/testing';
import type { LoggedEvent } from './split-base-turns.js';

type Steps = Parameters<typeof buildStream>[0];

/** The session id of the fixture's log (any valid id; the sim replaces it). */
const SESSION = '20260301_101500_c0de';

/** A turn of the fixture log: the pad `sales`, the tools `sql` and `scratchpad`, with what goes wrong in it. */
const turnSteps = (turn: number, trouble: 'healthy' | 'kills'): Steps => [
  ['executive.turn.started', { message: 'Summarise sales' }, { turn }],
  ['cortex.context.injected', {}, { turn }],
  ['executive.round.started', { round: 1 }, { turn, round: 1 }],
  ['executive.tool.called', { name: 'sql', argsSummary: '{"query":"select 1"}' }, { turn, round: 1 }],
  ['executive.tool.resulted', { name: 'sql', ok: true }, { turn, round: 1 }],
  ['executive.tool.called', { name: 'scratchpad', argsSummary: '{"action":"exec","name":"sales"}' }, { turn, round: 1 }],
  ['scratchpad.cell.requested', { pad: 'sales', codeLength: 400 }, { turn, round: 1 }],
  ['scratchpad.cell.executed', { pad: 'sales', ok: true, stdoutLength: 30 }, { turn, round: 1 }],
  ['executive.tool.resulted', { name: 'scratchpad', ok: true }, { turn, round: 1 }],
  ['executive.round.completed', { round: 1, toolCalls: 2 }, { turn, round: 1 }],
  ['executive.round.started', { round: 2 }, { turn, round: 2 }],
  ...(trouble === 'kills'
    ? ([
        ['scratchpad.cell.requested', { pad: 'sales', codeLength: 900 }, { turn, round: 2 }],
        ['scratchpad.cell.killed', { pad: 'sales', reason: 'Cell timed out after 30s' }, { turn, round: 2 }],
        ['scratchpad.cell.requested', { pad: 'sales', codeLength: 900 }, { turn, round: 2 }],
        ['scratchpad.cell.killed', { pad: 'sales', reason: 'memory limit exceeded (2 GB)' }, { turn, round: 2 }],
        ['executive.round.completed', { round: 2, toolCalls: 2 }, { turn, round: 2 }],
        ['acc.nudge.emitted', {}, { turn, round: 2 }],
      ] satisfies Steps)
    : ([['executive.round.completed', { round: 2, toolCalls: 0 }, { turn, round: 2 }]] satisfies Steps)),
  ['executive.turn.completed', { answer: 'done', rounds: 2, stopReason: 'end_turn' }, { turn, round: 2 }],
  // end-of-turn learning: after the end event, so not part of the turn
  ['acc.lesson.detected', {}, { turn, round: 2 }],
  ['cortex.engram.proposed', {}, { turn, round: 2 }],
];

/**
 * A recorded log as `readLogFile` hands it over (test fixture): the session start, then one turn
 * per entry of `turns`, each causally chained to the event before it, with its line number.
 */
export const recordedLog = (turns: readonly ('healthy' | 'kills')[]): LoggedEvent[] => {
  const steps: Steps = [['executive.session.started', {}, { turn: 0 }], ...turns.flatMap((t, i) => turnSteps(i + 1, t)), ['executive.session.ended', { reason: 'closed' }, { turn: turns.length }]];
  return buildStream(steps, { sessionId: SESSION }).map((e: AnyEnvelope, i) => ({ event: { ...e, id: `rec-${i + 1}`, causationId: i === 0 ? null : `rec-${i}` }, line: i + 1 }));
};
