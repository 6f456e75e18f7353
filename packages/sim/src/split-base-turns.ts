import type { AnyEnvelope } from '@engram/events';
import type { BaseTurn, SkippedTurn } from './base-turn.js';
import { makeBaseTurn } from './make-base-turn.js';

/** An intact event of a log and the line it was read from. */
export interface LoggedEvent {
  readonly event: AnyEnvelope;
  readonly line: number;
}

/** Events that end a turn. */
const ENDS: ReadonlySet<string> = new Set(['executive.turn.completed', 'executive.turn.failed', 'executive.turn.cancelled']);

interface Open {
  readonly turn: number;
  readonly line: number;
  readonly events: AnyEnvelope[];
}

/**
 * Cuts one log's events into base turns: from each `executive.turn.started` to its completion,
 * failure or cancel. The ACC's recorded judgements (`acc.*`) are dropped: they are what the
 * simulation scores, so keeping them would make the ground truth circular. Events outside turns
 * (session start, end-of-turn learning after the end event) are not part of any turn.
 * Skipped, with the reason: a turn with no end before the next turn or the end of the log
 * (`unfinished`), and a turn spanning a line that could not be read (`damaged`: a missing event
 * could hide or fake a pattern). `badLines` are those lines, ascending.
 */
export const splitBaseTurns = (file: string, logged: readonly LoggedEvent[], badLines: readonly number[]): { turns: BaseTurn[]; skipped: SkippedTurn[] } => {
  const turns: BaseTurn[] = [];
  const skipped: SkippedTurn[] = [];
  const close = (open: Open, lastLine: number, ended: boolean): void => {
    const bad = badLines.find((l) => l > open.line && l <= lastLine);
    if (bad !== undefined) skipped.push({ file, turn: open.turn, line: open.line, reason: 'damaged', detail: `line ${bad} inside the turn could not be read` });
    else if (!ended) skipped.push({ file, turn: open.turn, line: open.line, reason: 'unfinished', detail: 'no completion, failure or cancel before the next turn or the end of the log' });
    else turns.push(makeBaseTurn(file, open.turn, open.events));
  };
  let open: Open | null = null;
  for (const { event, line } of logged) {
    if (event.type === 'executive.turn.started') {
      if (open !== null) close(open, line - 1, false);
      open = { turn: event.turn, line, events: [event] };
      continue;
    }
    if (open === null) continue;
    if (event.source !== 'acc') open.events.push(event);
    if (ENDS.has(event.type)) {
      close(open, line, true);
      open = null;
    }
  }
  if (open !== null) close(open, Number.POSITIVE_INFINITY, false);
  return { turns, skipped };
};
