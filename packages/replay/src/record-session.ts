import { catalog, sourceOf, type AnyDraft, type AnyEnvelope } from '@engram/events';
import { brainCores } from '@engram/runtime/cores';
import type { ReplayParams } from './replay-params.js';

/** Where an input sits in the session; seq and id are assigned by the recorder. */
export interface RecordedInput {
  readonly draft: AnyDraft;
  readonly turn: number;
  readonly round: number;
}

export interface RecordOptions {
  readonly sessionId: string;
  /** The first seq (ids are `<sessionId>-<seq>`); lets a long log be recorded in pieces. */
  readonly firstSeq?: number;
  /** Stands in for the effects: what they publish (as recorded outcomes) in answer to an event. */
  readonly effects?: (e: AnyEnvelope) => readonly AnyDraft[];
  /** A fixed time for every event: a synthetic log needs no clock. */
  readonly at?: string;
}

/**
 * Records a session as the live runtime would: each input is published on a synchronous FIFO
 * bus to the live-wired cores (`brainCores`, as `EngramSession` attaches them) and the
 * effects; what they publish is queued, stamped (seq, id, causation = the event handled) and
 * delivered in turn before the next input. Used to synthesise big realistic logs for the bench
 * and the tests; a log recorded here must pass `--check`.
 */
export const recordSession = (inputs: Iterable<RecordedInput>, params: ReplayParams, opts: RecordOptions): AnyEnvelope[] => {
  const cores = brainCores(params).map((c) => ({ ...c, state: c.core.initialState(c.params) }));
  let seq = (opts.firstSeq ?? 1) - 1;
  const at = opts.at ?? '2026-11-22T03:15:00.000Z';
  const log: AnyEnvelope[] = [];
  const stamp = (d: AnyDraft, turn: number, round: number, cause: string | null): AnyEnvelope => {
    seq++;
    const e = { seq, id: `${opts.sessionId}-${seq}`, at, sessionId: opts.sessionId, turn, round, source: sourceOf(d.type), causationId: d.causationId === undefined ? cause : d.causationId, type: d.type, v: catalog[d.type].v, data: d.data };
    return e as AnyEnvelope;
  };
  for (const input of inputs) {
    const queue: AnyEnvelope[] = [stamp(input.draft, input.turn, input.round, null)];
    for (let i = 0; i < queue.length; i++) {
      const e = queue[i] as AnyEnvelope;
      log.push(e);
      for (const c of cores) {
        c.state = c.core.evolve(c.state, e);
        for (const d of c.core.react(c.state, e, c.params)) queue.push(stamp(d, e.turn, e.round, e.id));
      }
      for (const d of opts.effects?.(e) ?? []) queue.push(stamp(d, e.turn, e.round, e.id));
    }
  }
  return log;
};
