import type { Bus } from '@engram/bus';
import type { AnyEnvelope } from '@engram/events';
import type { RegionCore } from '@engram/kernel';
import type { Subscription } from 'rxjs';

export interface AttachedCore<S> {
  /** The core's current state (for inspection and tests). */
  state(): S;
  detach(): void;
}

/**
 * Runs a region's pure core on the bus: every event evolves the state, and what the core reacts
 * with is published, caused by that event. Replay folds the same core over a recorded log, so
 * whatever the live session derives, replay derives too.
 *
 * `initial` is what a resumed session's log already holds: it is folded into the state first,
 * without reacting, because whatever the core derived from it is already in the log (and was
 * folded in with it). The state then equals replay's at the end of that log. `from` is the state
 * the fold starts from instead of the core's initial one: a checkpoint's, for the log before `initial`.
 */
export const attachCore = <S, P>(bus: Bus, core: RegionCore<S, P>, params: P, initial: Iterable<AnyEnvelope> = [], from?: { readonly state: S }): AttachedCore<S> => {
  let state = from === undefined ? core.initialState(params) : from.state;
  for (const e of initial) state = core.evolve(state, e);
  const sub: Subscription = bus.subscribe(core.id, (e) => {
    state = core.evolve(state, e);
    for (const d of core.react(state, e, params)) bus.publish(d.type, d.data, { causationId: d.causationId ?? e.id });
  });
  return { state: () => state, detach: () => sub.unsubscribe() };
};
