import type { AnyDraft, AnyEnvelope, Source } from '@engram/events';

/**
 * The contract every region's pure core follows, so replay can fold it over a recorded log:
 * no I/O, no clock, no randomness. Every outside input (an LLM answer, a cell's output, what
 * memory holds, the time) reaches the core as a recorded event.
 *
 * - `initialState(params)`: the state before any event.
 * - `evolve(state, event)`: the next state (pure; may return the same object when nothing changes).
 * - `react(state, event, params)`: the events to publish in response, given the state *after* evolve.
 *
 * What cores really do beyond that, stated so nothing is hidden: an effect that carries out a
 * core's decision with I/O (the cerebellum's one post-mortem call a turn, consolidation's replays)
 * reads the core's folded state only through the core's named selectors (`pendingReplays`, the
 * buffered failed cells), at the event that triggers it. That state is derived from recorded
 * events alone, so replay folds it identically; the effect's outcome comes back as a recorded
 * event (`llm.call.completed`, `hippocampus.engram.encoded`). There is no outbox a core fills
 * behind the log's back. The one list of cores a session attaches and replay folds is
 * `brainCores()` in `@engram/runtime/cores`.
 */
export interface RegionCore<State, Params, Id extends string = string> {
  /**
   * Which core this is, unique among the cores a session attaches and replay folds (`brainCores`):
   * the name its bus subscription, its replayed derivations and its failures carry. Several cores
   * can share a region, so it is `source` plus what the core decides (`cortex.memory`).
   */
  readonly id: Id;
  /** The region the core publishes as: every draft its `react` (and `check`) returns has a type under this source. */
  readonly source: Source;
  initialState(params: Params): State;
  /**
   * The next state. It leaves the state it is given as it was (a changed field is a new object)
   * unless the core says `updatesInPlace`.
   */
  evolve(state: State, event: AnyEnvelope): State;
  /**
   * Set (to the reason, one line) by a core whose `evolve` updates the state it is given and
   * returns that same object. Every fold threads one state through the log and never looks at an
   * older one (`foldCore`, `attachCore`, replay), and `initialState` returns a new object per
   * fold, so this is safe where copying would cost the fold its speed. Such a state is read only
   * synchronously, through the core's selectors, at the event that asks (docs/adr/0015-the-region-contract-kept.md).
   */
  readonly updatesInPlace?: string;
  react(state: State, event: AnyEnvelope, params: Params): readonly AnyDraft[];
  /**
   * What a recorded answer of an effect should have been, given the state *after* evolve of that
   * answer: replay compares the two (`--check`); a live session never calls it, so nothing it
   * returns is published. For decisions a core makes but an effect carries out and reports once
   * the I/O is done (the memory core: an entry is reported retired only once it left its file).
   */
  check?(state: State, event: AnyEnvelope): readonly AnyDraft[];
}

/** Folds a core over events, collecting what it would publish (the replay primitive). */
export const foldCore = <S, P>(core: RegionCore<S, P>, params: P, events: Iterable<AnyEnvelope>): { state: S; published: AnyDraft[] } => {
  let state = core.initialState(params);
  const published: AnyDraft[] = [];
  for (const e of events) {
    state = core.evolve(state, e);
    for (const d of core.react(state, e, params)) published.push(d.causationId === undefined ? { ...d, causationId: e.id } : d);
  }
  return { state, published };
};
