import { generateTurn } from './generate-turn.js';
import { createPrng } from './prng.js';
import { DEFAULT_MIX, type ScenarioMix } from './scenario-mix.js';
import type { SimTurn } from './sim-turn.js';

/** `n` labelled turns from one seed: the same seed and mix always give the same turns. */
export const generateTurns = (n: number, seed: number, mix: ScenarioMix = DEFAULT_MIX): SimTurn[] => {
  const rng = createPrng(seed);
  const turns: SimTurn[] = [];
  for (let t = 1; t <= n; t++) turns.push(generateTurn(t, rng, mix));
  return turns;
};
