import type { AccLesson, DetectorId } from './acc-lesson.js';
import type { AccParams } from './acc-params.js';
import type { AccKind, Observation } from './observation.js';

/**
 * A detector as an incremental state machine: `init` once per turn, `step` per observation in
 * constant time, `verdict` at any point; batch evaluation is the fold of `step` (see
 * `runDetector`). This is what makes nudge checks after every round cost the same however long
 * the turn is (Anton re-scans the whole turn each round, anton.md §15.18).
 *
 * The state is owned by the fold: `step` may update it in place and returns it. Nothing ever
 * needs an earlier state (replay refolds from the log), and copy-on-write sets and counters
 * would make a step cost O(state). Apart from that, detectors are pure: no I/O, no clock, and
 * the verdict depends only on the observations and the params.
 */
export interface Detector<S = unknown> {
  readonly id: DetectorId;
  /** Anton's function name (`detect_name_switch`). */
  readonly antonName: string;
  /** The kinds `step` reacts to; observations of other kinds never reach it. */
  readonly reads: readonly AccKind[] | 'all';
  init(params: AccParams): S;
  step(state: S, observation: Observation, params: AccParams): S;
  verdict(state: S, params: AccParams): AccLesson | null;
}

/** A detector with its state type erased, for the ordered list the coordinator runs. */
export type AnyDetector = Detector<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Declares a detector, keeping its state type checked inside its own file. */
export const defineDetector = <S>(d: Detector<S>): Detector<S> => d;
