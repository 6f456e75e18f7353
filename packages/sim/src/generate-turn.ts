import type { DetectorId } from '@engram/acc';
import { randomError } from './error-texts.js';
import type { Prng } from './prng.js';
import type { ScenarioMix } from './scenario-mix.js';
import { pickScenarios } from './pick-scenarios.js';
import { CAP_FAULT, MAIN_PAD, TOOLS, type Scenario } from './scenarios.js';
import type { SimTurn } from './sim-turn.js';
import { TurnBuilder } from './turn-builder.js';

/** A healthy action: a cell on the main pad (usually) or another tool; fails alone with probability `noise`. */
const healthyAction = (b: TurnBuilder, rng: Prng, mix: ScenarioMix): void => {
  const ok = !rng.chance(mix.noise);
  if (rng.chance(0.6)) b.cell(MAIN_PAD, rng.int(100, 3_500), ok, ok ? '' : randomError(rng));
  else b.tool(rng.pick(TOOLS), ok, ok ? '' : randomError(rng));
};

/**
 * One labelled turn: healthy rounds of work with the chosen patterns injected at random rounds.
 * A capped turn runs to the round cap and ends with `executive.cap.exhausted`. `forced` pins the
 * scenarios (tests, and the efficacy model that decides habits itself).
 */
export const generateTurn = (turn: number, rng: Prng, mix: ScenarioMix, forced?: { readonly scenarios: readonly Scenario[]; readonly capped: boolean }): SimTurn => {
  const { faults, capped } = forced === undefined ? pickScenarios(rng, mix) : { faults: [...forced.scenarios], capped: forced.capped };
  const rounds = capped ? mix.roundCap : rng.int(mix.minRounds, mix.maxRounds);
  const at = faults.map(() => rng.int(1, rounds));
  const b = new TurnBuilder(turn);
  const labels = new Set<DetectorId>();
  for (let r = 1; r <= rounds; r++) {
    for (let a = rng.int(mix.minActions, mix.maxActions); a > 0; a--) healthyAction(b, rng, mix);
    faults.forEach((f, i) => {
      if (at[i] !== r) return;
      if (f.label !== null) labels.add(f.label);
      for (const extra of f.inject(b, rng) ?? []) labels.add(extra);
    });
    b.endRound();
  }
  if (capped) b.emit('executive.cap.exhausted', { cap: mix.roundCap });
  if (capped) labels.add(CAP_FAULT.label);
  return { turn, events: b.finish(capped ? 'round_cap' : 'end_turn'), labels, scenarios: [...(capped ? [CAP_FAULT.name] : []), ...faults.map((f) => f.name)] };
};
