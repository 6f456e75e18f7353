import { createAccTurn, drainLessons, observationFromEnvelope, observeAcc, type AccParams, type DetectorId } from '@engram/acc';
import type { EfficacyReport, EfficacyRun } from './efficacy-report.js';
import { generateTurn } from './generate-turn.js';
import { createPrng } from './prng.js';
import { DEFAULT_MIX } from './scenario-mix.js';
import { FAULTS, type Scenario } from './scenarios.js';

export interface EfficacyOptions {
  readonly seed: number;
  readonly sessions: number;
  readonly turnsPerSession: number;
  readonly p: number;
  readonly habitRate: number;
  /** How many failure habits the agent has, drawn from the fault scenarios. */
  readonly habitCount: number;
}

export const DEFAULT_EFFICACY: Omit<EfficacyOptions, 'seed'> = Object.freeze({ sessions: 8, turnsPerSession: 20, p: 0.8, habitRate: 0.3, habitCount: 4 });

/** The lessons the ACC drains from one turn, as the detectors whose rules memory now holds. */
const lessonsOf = (events: Parameters<typeof observationFromEnvelope>[0][], params: AccParams): DetectorId[] => {
  const turn = createAccTurn(params);
  for (const e of events) {
    const o = observationFromEnvelope(e);
    if (o !== null) observeAcc(turn, o);
  }
  return drainLessons(turn).map((l) => l.detector);
};

/**
 * The agent model: each turn, each habit shows up with `habitRate`; a habit whose rule the agent
 * has been shown is avoided with probability `p`. With learning on, the ACC's end-of-turn
 * lessons (from the detectors at `params`) become shown rules from the next turn on, for good.
 * Returns failures (habit patterns that happened) per session.
 */
const simulate = (habits: readonly Scenario[], o: EfficacyOptions, params: AccParams | null): { failures: number[]; learned: DetectorId[] } => {
  const rng = createPrng(o.seed ^ 0x5eed);
  const shown = new Set<DetectorId>();
  const learned: DetectorId[] = [];
  const failures: number[] = [];
  let turnNo = 0;
  for (let s = 0; s < o.sessions; s++) {
    let count = 0;
    for (let t = 0; t < o.turnsPerSession; t++) {
      // Both draws are made for every habit, so learning on and off consume the same random stream.
      const happen = habits.filter((h) => {
        const occurs = rng.chance(o.habitRate);
        const follows = rng.chance(o.p);
        return occurs && !(h.label !== null && shown.has(h.label) && follows);
      });
      count += happen.length;
      const turn = generateTurn(++turnNo, rng, DEFAULT_MIX, { scenarios: happen, capped: false });
      if (params === null) continue;
      for (const id of lessonsOf([...turn.events], params))
        if (!shown.has(id)) {
          shown.add(id);
          learned.push(id);
        }
    }
    failures.push(count);
  }
  return { failures, learned };
};

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** Item 7: failures per session with learning off and on (for each detector setting), and the reduction. */
export const efficacy = (o: EfficacyOptions, profiles: { readonly anton: AccParams; readonly recommended: AccParams }): EfficacyReport => {
  const pick = createPrng(o.seed ^ 0xabc);
  const pool = [...FAULTS];
  const habits: Scenario[] = [];
  for (let i = 0; i < o.habitCount && pool.length > 0; i++) habits.push(...pool.splice(pick.int(0, pool.length - 1), 1));
  const off = simulate(habits, o, null).failures;
  const runs: EfficacyRun[] = (['anton', 'recommended'] as const).map((profile) => {
    const on = simulate(habits, o, profiles[profile]);
    const reduction = sum(off) === 0 ? 0 : 1 - sum(on.failures) / sum(off);
    return { profile, failuresPerSession: on.failures, reduction: Math.round(reduction * 1e4) / 1e4, learned: on.learned };
  });
  return { sessions: o.sessions, turnsPerSession: o.turnsPerSession, p: o.p, habitRate: o.habitRate, habits: habits.map((h) => h.name), withoutLearning: off, runs };
};
