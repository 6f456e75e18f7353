import type { Bus } from '@engram/bus';
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
 */
export const attachCore = <S, P>(bus: Bus, core: RegionCore<S, P>, params: P): AttachedCore<S> => {
  let state = core.initialState(params);
  const sub: Subscription = bus.subscribe(core.name, (e) => {
    state = core.evolve(state, e);
    for (const d of core.react(state, e, params)) bus.publish(d.type, d.data, { causationId: d.causationId ?? e.id });
  });
  return { state: () => state, detach: () => sub.unsubscribe() };
};
