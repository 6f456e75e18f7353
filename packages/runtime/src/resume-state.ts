import type { AnyEnvelope } from '@engram/events';

/** A tool result of the open turn, as the circuit breaker records it. */
export interface ResumedToolResult {
  readonly name: string;
  readonly ok: boolean;
  readonly error: string;
}

/**
 * Where a session's log left off, for a new process to carry the session on (hook-driven hosts
 * start one process per hook). Everything is derived from the log, so the log stays the one
 * source of truth: the cores fold `events`, the bus continues at `lastSeq` and `position`, and
 * the host-facing flags say what was open.
 */
export interface ResumeState {
  /** Every intact event of the log, in order: what the region cores fold before going live. */
  readonly events: readonly AnyEnvelope[];
  readonly lastSeq: number;
  /** The bus position after the last event: the current turn and round. */
  readonly position: { readonly turn: number; readonly round: number };
  /** A turn was started and has not completed, failed or been cancelled. */
  readonly inTurn: boolean;
  /** A round was started in the open turn and has not completed. */
  readonly roundOpen: boolean;
  /** Tool calls reported in the open round (what `executive.round.completed` counts). */
  readonly toolCallsThisRound: number;
  /** The highest number in the ids the session made up (`tool-N`, `cell-N`), so new ones never repeat them. */
  readonly nextToolId: number;
  /** The open turn's tool results, in order, to rebuild the circuit breaker's streaks. */
  readonly turnToolResults: readonly ResumedToolResult[];
  /** The session was closed (`executive.session.ended`); it cannot be resumed. */
  readonly ended: boolean;
}

const MADE_UP_ID = /^(?:tool|cell)-(\d+)$/;

const madeUpNumber = (id: string): number => {
  const m = MADE_UP_ID.exec(id);
  return m?.[1] === undefined ? 0 : Number(m[1]);
};

/**
 * Derives the resume state from a session's events, mirroring what `EngramSession` and the bus
 * track while live: a turn start resets the round and the breaker, a round start opens a round,
 * a round end or any end of the turn closes it. Pure.
 */
export const resumeStateOf = (events: readonly AnyEnvelope[]): ResumeState => {
  let turn = 0;
  let round = 0;
  let inTurn = false;
  let roundOpen = false;
  let toolCallsThisRound = 0;
  let nextToolId = 0;
  let ended = false;
  let turnToolResults: ResumedToolResult[] = [];
  for (const e of events) {
    const t = e.type;
    if (t === 'executive.turn.started') {
      turn = e.turn;
      round = 0;
      inTurn = true;
      roundOpen = false;
      turnToolResults = [];
    } else if (t === 'executive.turn.completed' || t === 'executive.turn.failed' || t === 'executive.turn.cancelled') {
      inTurn = false;
      roundOpen = false;
    } else if (t === 'executive.round.started') {
      round = e.data.round;
      roundOpen = true;
      toolCallsThisRound = 0;
    } else if (t === 'executive.round.completed') roundOpen = false;
    else if (t === 'executive.tool.called') {
      if (roundOpen) toolCallsThisRound++;
      nextToolId = Math.max(nextToolId, madeUpNumber(e.data.toolUseId));
    } else if (t === 'executive.tool.resulted') {
      if (inTurn) turnToolResults.push({ name: e.data.name, ok: e.data.ok, error: e.data.error });
    } else if (t === 'scratchpad.cell.requested') nextToolId = Math.max(nextToolId, madeUpNumber(e.data.cellId));
    else if (t === 'executive.session.ended') ended = true;
  }
  return { events, lastSeq: events.at(-1)?.seq ?? 0, position: { turn, round }, inTurn, roundOpen, toolCallsThisRound, nextToolId, turnToolResults, ended };
};
