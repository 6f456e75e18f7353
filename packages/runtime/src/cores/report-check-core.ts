import { draft, type AnyDraft } from '@engram/events';
import type { RegionCore } from '@engram/kernel';
import { answerCause } from './answer-cause.js';

export interface ReportCheckState {
  readonly roundOpen: boolean;
  /** Tool calls reported in the open round. */
  readonly toolCalls: number;
}

const NOTHING: readonly AnyDraft[] = Object.freeze([]);

/**
 * Replay's check of the numbers in the executive's own reports (never attached live): a round's
 * end carries its round number and how many tool calls it had, a turn's end how many rounds it
 * ran, and the session computes them from what the log holds (the bus position, the calls
 * reported). Folding the log, this derives them again, with what is given (the answer, the stop
 * reason) copied from the record, so `--check` catches an edited count.
 */
export const reportCheckCore: RegionCore<ReportCheckState, Readonly<Record<string, never>>, 'executive.reports'> = {
  id: 'executive.reports',
  source: 'executive',
  initialState: () => ({ roundOpen: false, toolCalls: 0 }),
  evolve: (s, e) => {
    if (e.type === 'executive.round.started') return { roundOpen: true, toolCalls: 0 };
    if (e.type === 'executive.tool.called' && s.roundOpen) return { ...s, toolCalls: s.toolCalls + 1 };
    if ((e.type === 'executive.round.completed' || e.type === 'executive.turn.started') && s.roundOpen) return { ...s, roundOpen: false };
    return s;
  },
  react: (s, e) => {
    if (e.type === 'executive.round.completed') return [draft('executive.round.completed', { round: e.round, toolCalls: s.toolCalls }, answerCause(e.id))];
    if (e.type === 'executive.turn.completed') return [draft('executive.turn.completed', { ...e.data, rounds: e.round }, answerCause(e.id))];
    return NOTHING;
  },
};
