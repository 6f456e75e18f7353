/** Runs and failures of one kind of call (a key at one granularity), as a project recorded them. */
export interface OutcomeEvidence {
  readonly runs: number;
  readonly fails: number;
}

export interface EstimateParams {
  /** The failure rate assumed before a project has recorded anything. */
  readonly defaultBaseRate: number;
  /** Pseudo-runs the default base rate weighs against the project's own record of all its calls. */
  readonly baseStrength: number;
  /** Pseudo-runs each coarser estimate weighs against the next finer key's record. */
  readonly priorStrength: number;
  /** Warn only when the estimated chance that the call fails is at least this. */
  readonly warnAt: number;
  /** Pseudo-runs a narrower record of like calls (a new script's size) weighs against the broader record it splits. */
  readonly evidenceStrength: number;
}

export const ESTIMATE_PARAM_REASONS: { readonly [K in keyof EstimateParams]: string } = {
  defaultBaseRate: "About one call in ten of a coding agent fails: the prior before a project has a record of its own.",
  baseStrength: 'Ten calls of its own outweigh the default: a project soon speaks for itself.',
  priorStrength: 'Two pseudo-runs: one failure of a key moves its estimate a long way, but not all the way, from what coarser keys say.',
  evidenceStrength: 'Four pseudo-runs: a size class seen once or twice barely moves the estimate; after a dozen first runs it speaks for itself.',
  warnAt: 'A warning should be right about as often as not: the estimate is a posterior mean pulled toward coarser keys (it under-states a sharp key), and calls it put at 0.4 or more failed about one time in two on the tuning half of the trajectories bench; below that, saying nothing serves the model better.',
};

export const defaultEstimateParams: EstimateParams = Object.freeze({ defaultBaseRate: 0.1, baseStrength: 10, priorStrength: 2, warnAt: 0.4, evidenceStrength: 4 });

const shrink = (e: OutcomeEvidence, prior: number, strength: number): number => {
  const runs = Math.max(0, e.runs);
  const fails = Math.min(Math.max(0, e.fails), runs);
  return (fails + strength * prior) / (runs + strength);
};

/**
 * The chance that the coming call fails, from the project's record: the project's failure rate
 * (a Beta prior toward `defaultBaseRate`), then each key from the coarsest to the finest
 * (program, pattern, exact command, a warning's own record), each shrunk toward the estimate of
 * the one before (the posterior mean of a Beta with `priorStrength` pseudo-runs). A key with no
 * runs leaves the estimate as it was; a key with many speaks for itself. Always in [0, 1], and
 * never lower for one more failure in place of a success at any level.
 */
export const estimateFailure = (project: OutcomeEvidence, levels: readonly OutcomeEvidence[], p: EstimateParams = defaultEstimateParams): number => {
  let estimate = shrink(project, p.defaultBaseRate, p.baseStrength);
  for (const level of levels) estimate = shrink(level, estimate, p.priorStrength);
  return estimate;
};

/** What the broad record of like calls is shrunk toward, and by how many pseudo-runs: a coin flip, held lightly, so a few first runs of new scripts already speak for themselves. */
const BROAD_PRIOR = 0.5;
const BROAD_PRIOR_STRENGTH = 2;

/** The smallest and largest chance an estimate is taken at: odds stay finite. */
const EDGE = 1e-6;
const odds = (q: number): number => {
  const c = Math.min(1 - EDGE, Math.max(EDGE, q));
  return c / (1 - c);
};

/**
 * An estimate moved by a further, independent piece of evidence about the call: how like calls
 * fared in a narrower record (`narrow`: new scripts of this call's size class run for the first
 * time) against the broader record it is a part of (`broad`: all new scripts of its program run for
 * the first time). The estimate's odds are multiplied by the narrow record's odds over the broad
 * one's (a likelihood ratio), the narrow rate shrunk toward the broad one by `evidenceStrength`
 * pseudo-runs. No broad record, or a narrow one no different from it, leaves the estimate as it
 * was; always in [0, 1], and never lower for one more failure in the narrow record.
 */
export const weighEvidence = (estimate: number, narrow: OutcomeEvidence, broad: OutcomeEvidence, p: EstimateParams = defaultEstimateParams): number => {
  if (broad.runs <= 0) return estimate;
  const broadRate = shrink(broad, BROAD_PRIOR, BROAD_PRIOR_STRENGTH);
  const narrowRate = shrink(narrow, broadRate, p.evidenceStrength);
  const o = (odds(estimate) * odds(narrowRate)) / odds(broadRate);
  return Math.min(1, Math.max(0, o / (1 + o)));
};

/** Rounding slack: an estimate that is `warnAt` in exact arithmetic (1.2 / 3) must not fall short by a float's last bit. */
const ROUNDING = 1e-9;

/** The gate every warning before a call passes: the estimated chance that the call fails reaches `warnAt`. */
export const worthWarning = (estimate: number, p: EstimateParams = defaultEstimateParams): boolean => estimate >= p.warnAt - ROUNDING;
