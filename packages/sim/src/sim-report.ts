import type { DetectorId } from '@engram/acc';
import type { Score } from './score.js';
import type { Setting } from './sweep-types.js';
import type { ScenarioMix } from './scenario-mix.js';
import type { EfficacyReport } from './efficacy-report.js';
import type { BaseReport } from './base-report.js';

/** One point of a detector's sweep. */
export interface SweepPoint extends Score {
  readonly params: Setting;
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
  /** Share of turns the detector fired on. */
  readonly firingRate: number;
}

export interface DetectorReport {
  readonly detector: DetectorId;
  /** Turns labelled with this detector's pattern. */
  readonly positives: number;
  readonly recommended: SweepPoint;
  readonly anton: SweepPoint;
  readonly sweep: readonly SweepPoint[];
}

/** What `engram sim --json` prints. */
export interface SimReport {
  readonly turns: number;
  readonly seed: number;
  readonly mix: ScenarioMix;
  readonly detectors: readonly DetectorReport[];
  readonly efficacy: EfficacyReport;
  /** The real logs turns were built on (`--base`); absent for a purely synthetic run. */
  readonly base?: BaseReport;
}
