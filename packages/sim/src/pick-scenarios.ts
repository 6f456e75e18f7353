import type { Prng } from './prng.js';
import type { ScenarioMix } from './scenario-mix.js';
import { FAULTS, NEAR_MISSES, type Scenario } from './scenarios.js';

/** The patterns drawn for one turn: faults and near misses in injection order, and whether the turn hits the round cap. */
export interface PickedScenarios {
  readonly faults: Scenario[];
  readonly capped: boolean;
}

/**
 * Picks the patterns for one turn with the mix's rates: none, one, or two different faults, and
 * maybe a near miss. Shared by synthetic turns and turns built on a real log, so both see the
 * same rates.
 */
export const pickScenarios = (rng: Prng, mix: ScenarioMix): PickedScenarios => {
  const faults: Scenario[] = [];
  let capped = false;
  if (rng.chance(mix.faultRate)) {
    if (rng.chance(mix.capShare)) capped = true;
    else faults.push(rng.pick(FAULTS));
    if (rng.chance(mix.secondFaultRate)) {
      faults.push(rng.pick(FAULTS.filter((f) => !faults.includes(f))));
    }
  }
  if (rng.chance(mix.nearMissRate)) faults.push(rng.pick(NEAR_MISSES));
  return { faults, capped };
};
