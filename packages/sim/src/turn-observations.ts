import { observationFromEnvelope, type Observation } from '@engram/acc';
import type { SimTurn } from './sim-turn.js';

/** Each turn's ACC observations, mapped once so a sweep of many settings does not remap them. */
export const turnObservations = (turns: readonly SimTurn[]): Observation[][] =>
  turns.map((t) => {
    const out: Observation[] = [];
    for (const e of t.events) {
      const o = observationFromEnvelope(e);
      if (o !== null) out.push(o);
    }
    return out;
  });
