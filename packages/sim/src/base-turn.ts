import type { DetectorId } from '@engram/acc';
import type { AnyEnvelope } from '@engram/events';
import type { ScenarioSite } from './scenarios.js';

/**
 * One recorded turn of a real event log, ready to be perturbed by `perturbTurn`: its events
 * from `executive.turn.started` to its completion, failure or cancel, with the ACC's own
 * judgements (`acc.*`: nudges, lessons) removed, because they are what the simulation scores.
 */
export interface BaseTurn {
  readonly file: string;
  /** The turn's number in its log. */
  readonly turn: number;
  /** Recorded events in log order; the last one ends the turn. */
  readonly events: readonly AnyEnvelope[];
  /** The turn's own pad and tools, where injected scenarios act. */
  readonly site: ScenarioSite;
  /** Rounds scenarios are injected into, with the index of the event each is inserted before. */
  readonly slots: ReadonlyMap<number, number>;
  /** Detectors that fire on the recorded events alone under the `anton` profile. */
  readonly firesUnderAnton: ReadonlySet<DetectorId>;
}

/** Why a recorded turn was not used as a base. */
export type SkipReason = 'unfinished' | 'damaged';

export interface SkippedTurn {
  readonly file: string;
  readonly turn: number;
  /** Line of its `executive.turn.started`. */
  readonly line: number;
  readonly reason: SkipReason;
  readonly detail: string;
}
