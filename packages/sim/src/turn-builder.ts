import type { AnyEnvelope, EventData, EventType } from '@engram/events';
import { buildEvent } from '@engram/events/testing';

/** Session id of every simulated session (the sim writes no logs; the id only has to be valid). */
export const SIM_SESSION = '20261122_000000_51a0';
/** Simulated turns start a minute apart from this instant; no core reads the time. */
const SIM_EPOCH = Date.parse('2026-11-22T00:00:00.000Z');

/** The time stamped on every event of simulated turn `turn`. */
export const simTime = (turn: number): string => new Date(SIM_EPOCH + turn * 60_000).toISOString();

/**
 * Emits one simulated turn as engram envelopes with consecutive seqs, the turn number and the
 * current round stamped, so the stream is what the live bus would have recorded. Rounds are
 * closed with `executive.round.completed`, as the executive does, so nudges are evaluated.
 */
export class TurnBuilder {
  readonly events: AnyEnvelope[] = [];
  private round = 1;
  private seq: number;
  /** One timestamp per turn: formatting a date per event would dominate the generator's cost. */
  private readonly at: string;

  /**
   * `atRound` makes a fragment: the builder continues a turn already under way at that round and
   * emits no `executive.turn.started` (scenarios injected into a turn from a real log).
   */
  constructor(
    readonly turn: number,
    firstSeq = 1,
    atRound?: number,
  ) {
    this.seq = firstSeq;
    this.at = simTime(turn);
    if (atRound === undefined) this.emit('executive.turn.started', {});
    else this.round = atRound;
  }

  emit<T extends EventType>(type: T, data: Partial<EventData<T>>): this {
    this.events.push(buildEvent(type, data, { seq: this.seq, id: `sim-${this.seq}`, at: this.at, sessionId: SIM_SESSION, turn: this.turn, round: this.round }) as AnyEnvelope);
    this.seq += 1;
    return this;
  }

  /** A tool the model called, and its result. */
  tool(name: string, ok: boolean, error = ''): this {
    return this.emit('executive.tool.called', { name, argsSummary: `{"tool":"${name}"}` }).emit('executive.tool.resulted', { name, ok, error: ok ? '' : error });
  }

  /** A scratchpad cell through the scratchpad tool: the call, the cell, its outcome, the tool result. */
  cell(pad: string, codeLength: number, ok: boolean, error = '', confirmedNewPad = false): this {
    this.emit('executive.tool.called', { name: 'scratchpad', argsSummary: `{"action":"exec","name":"${pad}"}` });
    this.emit('scratchpad.cell.requested', { pad, codeLength, confirmedNewPad });
    this.emit('scratchpad.cell.executed', { pad, ok, error: ok ? '' : error, stdoutLength: ok ? 120 : 0 });
    return this.emit('executive.tool.resulted', { name: 'scratchpad', ok, error: ok ? '' : error });
  }

  /** A cell killed before it finished (the tool result reports the kill as a failure). */
  killedCell(pad: string, reason: string): this {
    this.emit('executive.tool.called', { name: 'scratchpad', argsSummary: `{"action":"exec","name":"${pad}"}` });
    this.emit('scratchpad.cell.requested', { pad, codeLength: 400 });
    this.emit('scratchpad.cell.killed', { pad, reason });
    return this.emit('executive.tool.resulted', { name: 'scratchpad', ok: false, error: `cell killed: ${reason}` });
  }

  endRound(): this {
    this.emit('executive.round.completed', { round: this.round });
    this.round += 1;
    return this;
  }

  get rounds(): number {
    return this.round - 1;
  }

  /** Closes the turn; returns the stream. */
  finish(stopReason: 'end_turn' | 'round_cap' = 'end_turn'): AnyEnvelope[] {
    this.emit('executive.turn.completed', { rounds: this.rounds, stopReason });
    return this.events;
  }

  get nextSeq(): number {
    return this.seq;
  }
}
