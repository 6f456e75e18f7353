/**
 * Every threshold of the habit loop, in one typed object so the simulation and `engram replay`
 * can sweep it. Each field's reason lives in `BASAL_GANGLIA_PARAM_REASONS`.
 */
export interface BasalGangliaParams {
  readonly windowDays: number;
  readonly halfLifeDays: number;
  readonly frequencyFloor: number;
  readonly trackAtConfidence: number;
  readonly promoteAtConfidence: number;
  readonly promoteMinObservations: number;
  readonly promoteMinSessions: number;
  readonly archiveBelowConfidence: number;
  readonly archiveAfterDays: number;
  readonly maxActive: number;
  readonly recoveryLookahead: number;
  readonly outcomeMinSessions: number;
  readonly unhelpfulFactor: number;
}

export const defaultBasalGangliaParams: BasalGangliaParams = {
  windowDays: 7,
  halfLifeDays: 7,
  frequencyFloor: 17,
  trackAtConfidence: 0.5,
  promoteAtConfidence: 0.9,
  promoteMinObservations: 5,
  promoteMinSessions: 2,
  archiveBelowConfidence: 0.25,
  archiveAfterDays: 30,
  maxActive: 30,
  recoveryLookahead: 3,
  outcomeMinSessions: 3,
  unhelpfulFactor: 0.5,
};

/** Why each default is what it is (shown by docs and `--json` output; the simulation sweeps them). */
export const BASAL_GANGLIA_PARAM_REASONS: { readonly [K in keyof BasalGangliaParams]: string } = {
  windowDays: 'the seed analyses a 7-day rolling window: long enough for daily use, short enough that a replaced habit leaves it',
  halfLifeDays: "the seed's default half-life: a pattern unseen for a week weighs half as much",
  frequencyFloor:
    'the count at which a pattern is fully frequent even when nothing else is more common; a sparse window cannot promote on relative frequency alone (17 reproduces the seed: 14 -> 0.82, 6 -> 0.35)',
  trackAtConfidence: 'the seed drops patterns scoring below 50% from active tracking',
  promoteAtConfidence: 'the seed promotes at 90%: only dominant, consistent, recent patterns shape behaviour',
  promoteMinObservations: 'the seed requires at least 5 observations so a handful of calls never becomes a rule',
  promoteMinSessions: 'the seed requires 2 distinct sessions so one long session cannot promote its own habit',
  archiveBelowConfidence:
    "below this the decayed score archives a tracked instinct; lower than the tracking threshold so instincts do not flap at 50% (the seed's 90% unseen for 14 days is 22.5%, archived)",
  archiveAfterDays: 'the seed prunes instincts not seen for 30 days',
  maxActive: 'the seed keeps at most 30 active instinct files; the weakest go to the archive',
  recoveryLookahead: 'a recovery must retry the failed tool within this many calls, else the success is unrelated work',
  outcomeMinSessions: 'whether a habit helped is judged once at least 3 sessions were shown it and 3 were not: fewer is one bad day, not a verdict',
  unhelpfulFactor: "a habit whose sessions failed no less than the others did not help: its confidence halves (0.9 -> 0.45), so it is no longer promoted, and decays further as it ages",
};
