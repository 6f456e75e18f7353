import { ACC_DETECTORS } from './acc-detectors.js';
import type { DetectorId } from './acc-lesson.js';
import type { AccParams } from './acc-params.js';
import type { AnyDetector } from './detector.js';
import { ACC_KINDS, type AccKind, type Observation } from './observation.js';

/** A detector that threw: it is left out of nudges and the drain for the rest of the turn. */
export interface AccFault {
  readonly detector: DetectorId;
  readonly antonDetector: string;
  /** 0-based index of the observation (in this turn) that made it throw; -1 when its verdict threw. */
  readonly observation: number;
  readonly message: string;
}

/**
 * One turn's worth of detector state: what Anton keeps as an event buffer, kept instead as the
 * detectors' incremental states, plus the per-detector nudge flags and faults. Owned by the
 * fold that drives it (see `Detector`); a new turn starts from `createAccTurn`.
 */
export interface AccTurn {
  readonly params: AccParams;
  /** `ACC_DETECTORS[i]`'s state. The turn holds data only, never the detectors themselves, so a session's resume checkpoint can keep it. */
  readonly states: unknown[];
  readonly nudged: boolean[];
  readonly faults: (AccFault | null)[];
  /** Observations seen this turn. */
  observed: number;
}

type Routing = { readonly [K in AccKind]: readonly number[] };
const routingCache = new WeakMap<readonly AnyDetector[], Routing>();

/** For each kind, the indexes of the detectors that read it, so a step touches only those. */
const routingOf = (detectors: readonly AnyDetector[]): Routing => {
  let routing = routingCache.get(detectors);
  if (routing === undefined) {
    const built = Object.fromEntries(ACC_KINDS.map((k) => [k, [] as number[]])) as Record<AccKind, number[]>;
    detectors.forEach((d, i) => {
      for (const k of d.reads === 'all' ? ACC_KINDS : d.reads) built[k].push(i);
    });
    routing = built;
    routingCache.set(detectors, routing);
  }
  return routing;
};

export const createAccTurn = (params: AccParams): AccTurn => ({
  params,
  states: ACC_DETECTORS.map((d) => d.init(params) as unknown),
  nudged: ACC_DETECTORS.map(() => false),
  faults: ACC_DETECTORS.map(() => null),
  observed: 0,
});

export const faultOf = (detector: AnyDetector, observation: number, err: unknown): AccFault => ({
  detector: detector.id,
  antonDetector: detector.antonName,
  observation,
  message: err instanceof Error ? err.message : String(err),
});

/** Feeds one observation to the detectors that read its kind: O(1) per detector. A throwing detector is faulted, never fatal. */
export const observeAcc = (turn: AccTurn, observation: Observation): AccTurn => {
  const { states, faults, params } = turn;
  for (const i of routingOf(ACC_DETECTORS)[observation.kind]) {
    const detector = ACC_DETECTORS[i];
    if (detector === undefined || faults[i] !== null) continue;
    try {
      states[i] = detector.step(states[i], observation, params);
    } catch (err) {
      faults[i] = faultOf(detector, turn.observed, err);
    }
  }
  turn.observed += 1;
  return turn;
};
