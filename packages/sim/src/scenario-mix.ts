/**
 * What a simulated session looks like. Rates are per turn; `noise` is per healthy action.
 * Every field is a knob of `engram sim`, and the defaults are the "default scenario mix" the
 * recommended settings in docs/sim.md are measured on.
 */
export interface ScenarioMix {
  /** Rounds per turn, inclusive range (turn length). */
  readonly minRounds: number;
  readonly maxRounds: number;
  /** Healthy actions (a cell on the main pad, or a successful tool) per round, inclusive range. */
  readonly minActions: number;
  readonly maxActions: number;
  /** Chance that a healthy action fails instead, with an error of its own (debugging noise). */
  readonly noise: number;
  /** Chance that a turn holds a mistake pattern. */
  readonly faultRate: number;
  /** Chance that a faulty turn holds a second, different pattern. */
  readonly secondFaultRate: number;
  /** Chance that a turn holds a near miss (independent of faults). */
  readonly nearMissRate: number;
  /** Chance that a faulty turn's pattern is the round cap (it shapes the whole turn). */
  readonly capShare: number;
  /** The round cap a capped turn runs into. */
  readonly roundCap: number;
}

export const DEFAULT_MIX: ScenarioMix = Object.freeze({
  minRounds: 2,
  maxRounds: 6,
  minActions: 1,
  maxActions: 3,
  noise: 0.05,
  faultRate: 0.5,
  secondFaultRate: 0.15,
  nearMissRate: 0.35,
  capShare: 0.1,
  roundCap: 12,
});
