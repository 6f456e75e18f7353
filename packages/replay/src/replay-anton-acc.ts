import { accProfiles, createAccTurn, drainLessons, evaluateNudges, observeAcc, type AccFault, type AccLesson } from '@engram/acc';
import { antonRoundEnds } from './anton-round-ends.js';
import type { AntonTrace } from './parse-anton-trace.js';

/** A lesson as `--json` prints it: the stable id plus Anton's detector name. */
export interface ReplayedLesson {
  readonly id: string;
  readonly detector: string;
  readonly kind: string;
  readonly rule: string;
  readonly triggers: readonly string[];
}

export interface ReplayedNudge {
  readonly detector: string;
  /** 0-based trace index of the last event of the round after which the nudge was evaluated. */
  readonly afterEvent: number;
}

export interface AntonAccReplay {
  readonly lessons: readonly ReplayedLesson[];
  readonly nudges: readonly ReplayedNudge[];
  /** Detectors that threw on a malformed detail value; their verdicts are left out, the rest stand. */
  readonly faults: readonly (AccFault & { readonly traceIndex: number | null })[];
}

const asReplayed = (l: AccLesson): ReplayedLesson => ({ id: l.id, detector: l.antonDetector, kind: l.kind, rule: l.rule, triggers: [...l.triggers] });

/**
 * Runs an Anton trace through the detectors with the frozen `anton` profile, as one turn:
 * nudges (when asked) at each round end, then the end-of-turn lessons. No memory dedupe: a
 * trace carries no memory, just as Anton's fixtures are run.
 */
export const replayAntonAcc = (trace: AntonTrace, opts: { readonly nudges: boolean }): AntonAccReplay => {
  const turn = createAccTurn(accProfiles.anton);
  const ends = new Set(opts.nudges ? antonRoundEnds(trace.events) : []);
  const nudges: ReplayedNudge[] = [];
  for (const { index, observation } of trace.events) {
    observeAcc(turn, observation);
    if (ends.has(index)) for (const l of evaluateNudges(turn)) nudges.push({ detector: l.antonDetector, afterEvent: index });
  }
  const lessons = drainLessons(turn).map(asReplayed);
  const faults = turn.faults.flatMap((f) => (f === null ? [] : [{ ...f, traceIndex: f.observation < 0 ? null : (trace.events[f.observation]?.index ?? null) }]));
  return { lessons, nudges, faults };
};
