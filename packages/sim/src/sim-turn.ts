import type { DetectorId } from '@engram/acc';
import type { AnyEnvelope } from '@engram/events';

/** One simulated turn: its events and the ground truth of what went wrong in it. */
export interface SimTurn {
  readonly turn: number;
  readonly events: readonly AnyEnvelope[];
  /** The detectors that should fire on this turn (empty for healthy turns and near misses). */
  readonly labels: ReadonlySet<DetectorId>;
  /** The scenarios injected, by name (faults and near misses), for reports and debugging. */
  readonly scenarios: readonly string[];
  /**
   * Detectors this turn says nothing about, so they are not scored on it: on a turn built on a
   * real log, the detectors that already fire on the recorded events under the `anton` profile
   * and were not injected (nobody knows whether that firing was right). Absent on synthetic turns.
   */
  readonly unscored?: ReadonlySet<DetectorId>;
  /** The recorded turn this one was built on (`FILE turn N`), absent on synthetic turns. */
  readonly base?: string;
}
