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
}
