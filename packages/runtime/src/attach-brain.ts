import type { Bus } from '@engram/bus';
import type { AnyEnvelope } from '@engram/events';
import { attachCore, type AttachedCore } from './attach-core.js';
import type { BrainCore, BrainCoreId, BrainStates } from './cores/brain-cores.js';
import type { CheckpointStates } from './resume-from-log.js';
import { coresKey } from './resume-checkpoint.js';

export interface AttachedBrain {
  /** A core's current state. */
  state<K extends BrainCoreId>(id: K): BrainStates[K];
  /** Every core's current state by id, in attach order: what a checkpoint keeps. */
  states(): readonly (readonly [BrainCoreId, unknown])[];
  /** Whether the checkpoint given was used (its states, then only the events after it folded). */
  readonly fromCheckpoint: boolean;
  /** `coresKey` of these cores: what a checkpoint of their states is kept under. */
  readonly coresKey: string;
}

/**
 * Attaches every core of `brainCores` to a live bus, in order; a resumed session's log
 * (`initial`) is folded into each first, so the live state equals replay's at the end of that log.
 * With a `checkpoint` made by the same cores (`coresKey`), each core starts from its state there
 * and folds only the events after it.
 */
export const attachBrain = (bus: Bus, cores: readonly BrainCore[], initial: readonly AnyEnvelope[] = [], checkpoint?: CheckpointStates): AttachedBrain => {
  const key = coresKey(cores);
  const usable = checkpoint !== undefined && checkpoint.upTo <= initial.length && checkpoint.cores === key && cores.every((c) => checkpoint.states.has(c.id));
  const rest = usable ? initial.slice(checkpoint.upTo) : initial;
  const attached = new Map<BrainCoreId, AttachedCore<unknown>>();
  for (const c of cores) attached.set(c.id, attachCore(bus, c.core, c.params, rest, usable ? { state: checkpoint.states.get(c.id) } : undefined));
  return {
    state: <K extends BrainCoreId>(id: K): BrainStates[K] => {
      const a = attached.get(id);
      if (a === undefined) throw new Error(`the brain has no core ${id}`);
      return a.state() as BrainStates[K];
    },
    states: () => [...attached].map(([id, a]) => [id, a.state()] as const),
    fromCheckpoint: usable,
    coresKey: key,
  };
};
