/** Confusion counts of one detector at one setting, over labelled turns. */
export interface Counts {
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
  readonly tn: number;
}

export interface Score {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

/** Figures are rounded to this many digits in reports, so equal settings compare equal. */
const DIGITS = 4;
const r = (x: number): number => Math.round(x * 10 ** DIGITS) / 10 ** DIGITS;

/**
 * Precision, recall and F1. A detector that never fires and was never expected to has nothing
 * wrong: precision and recall 1 (so a turn mix without a pattern does not read as failure);
 * firing with nothing to find gives precision 0; nothing found of something expected, recall 0.
 */
export const score = (c: Counts): Score => {
  const precision = c.tp + c.fp === 0 ? (c.fn === 0 ? 1 : 0) : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? (c.fp === 0 ? 1 : 0) : c.tp / (c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision: r(precision), recall: r(recall), f1: r(f1) };
};
