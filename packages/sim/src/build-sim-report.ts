import { accProfiles, type AccParams } from '@engram/acc';
import { DEFAULT_EFFICACY, efficacy } from './efficacy.js';
import { baseReport } from './base-report.js';
import { generateSimTurns } from './generate-sim-turns.js';
import type { BaseLogs } from './read-base-logs.js';
import { runSweep } from './run-sweep.js';
import { DEFAULT_MIX, type ScenarioMix } from './scenario-mix.js';
import type { DetectorReport, SimReport } from './sim-report.js';
import type { SweepPlan } from './sweep-types.js';

export interface SimOptions {
  readonly turns: number;
  readonly seed: number;
  readonly plan: SweepPlan;
  readonly mix?: ScenarioMix;
  /** The efficacy model's rule-following probability (default `DEFAULT_EFFICACY.p`). */
  readonly p?: number;
  readonly progress?: (message: string) => void;
  /** Real logs to build turns on, read by `readBaseLogs`, and the share of turns built on them. */
  readonly base?: { readonly logs: BaseLogs; readonly rate: number };
}

/** The recommended setting of every detector, over the `anton` profile: the params a saved profile holds. */
export const recommendedParams = (detectors: readonly DetectorReport[]): AccParams => Object.assign({}, accProfiles.anton, ...detectors.map((d) => d.recommended.params)) as AccParams;

/**
 * `engram sim`, pure: generate the labelled turns (on the real logs' turns when `base` is given),
 * sweep every detector, run the efficacy model (always synthetic). Same options, same report.
 */
export const buildSimReport = (o: SimOptions): SimReport => {
  const mix = o.mix ?? DEFAULT_MIX;
  const progress = o.progress ?? (() => undefined);
  progress(`sim: generating ${o.turns} turns`);
  const turns = generateSimTurns(o.turns, o.seed, mix, o.base === undefined ? undefined : { turns: o.base.logs.turns, rate: o.base.rate });
  const detectors = runSweep(turns, o.plan, (id) => progress(`sim: sweeping ${id}`));
  progress('sim: learning efficacy');
  const eff = efficacy({ ...DEFAULT_EFFICACY, seed: o.seed, ...(o.p === undefined ? {} : { p: o.p }) }, { anton: accProfiles.anton, recommended: recommendedParams(detectors) });
  return { turns: o.turns, seed: o.seed, mix, detectors, efficacy: eff, ...(o.base === undefined ? {} : { base: baseReport(o.base.logs, o.base.rate, turns) }) };
};
