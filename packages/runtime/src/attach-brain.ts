import type { Bus } from '@engram/bus';
import type { AnyEnvelope } from '@engram/events';
import { attachCore, type AttachedCore } from './attach-core.js';
import type { BrainCore, BrainCoreId, BrainStates } from './cores/brain-cores.js';

export interface AttachedBrain {
  /** A core's current state. */
  state<K extends BrainCoreId>(id: K): BrainStates[K];
}

/**
 * Attaches every core of `brainCores` to a live bus, in order; a resumed session's log
 * (`initial`) is folded into each first, so the live state equals replay's at the end of that log.
 */
export const attachBrain = (bus: Bus, cores: readonly BrainCore[], initial: readonly AnyEnvelope[] = []): AttachedBrain => {
  const attached = new Map<BrainCoreId, AttachedCore<unknown>>();
  for (const c of cores) attached.set(c.id, attachCore(bus, c.core, c.params, initial));
  return {
    state: <K extends BrainCoreId>(id: K): BrainStates[K] => {
      const a = attached.get(id);
      if (a === undefined) throw new Error(`the brain has no core ${id}`);
      return a.state() as BrainStates[K];
    },
  };
};
