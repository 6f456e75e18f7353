import type { BaseTurn } from './base-turn.js';
import { generateTurn } from './generate-turn.js';
import { generateTurns } from './generate-turns.js';
import { perturbTurn } from './perturb-turn.js';
import { createPrng } from './prng.js';
import type { ScenarioMix } from './scenario-mix.js';
import type { SimTurn } from './sim-turn.js';

/** Recorded turns to build simulated turns on, and the share of turns built on them. */
export interface SimBase {
  readonly turns: readonly BaseTurn[];
  /** Chance that a simulated turn is built on a recorded one (else it is synthesised). */
  readonly rate: number;
}

/**
 * `n` labelled turns from one seed. Without a base (or an empty one) these are the synthetic
 * turns of `generateTurns`, unchanged. With one, each turn is built on a recorded turn with
 * probability `rate`, taking the recorded turns in order and starting over when they run out, so
 * every recorded turn is used about equally; the rest are synthesised from the same stream.
 */
export const generateSimTurns = (n: number, seed: number, mix: ScenarioMix, base?: SimBase): SimTurn[] => {
  if (base === undefined || base.turns.length === 0) return generateTurns(n, seed, mix);
  const rng = createPrng(seed);
  const turns: SimTurn[] = [];
  let next = 0;
  for (let t = 1; t <= n; t++) {
    const recorded = rng.chance(base.rate) ? base.turns[next++ % base.turns.length] : undefined;
    turns.push(recorded === undefined ? generateTurn(t, rng, mix) : perturbTurn(t, recorded, rng, mix));
  }
  return turns;
};
