import type { AccParams } from './acc-params.js';

/**
 * Named parameter sets. `anton` reproduces Anton's detectors exactly and is frozen: it never
 * changes, whatever the simulation later recommends, so Anton traces always replay the same.
 * `engram` keeps Anton's thresholds and switches on the two fixes for over-broad rules
 * (anton.md §15.10). Issue 7 may add profiles tuned with evidence.
 */
const anton: AccParams = Object.freeze({
  minDistinctPads: 2,
  honourConfirmedNewPad: false,
  bigCellChars: 5000,
  minBigCells: 2,
  minEmptyCells: 1,
  minToolErrorRun: 2,
  toolErrorIgnoredTools: Object.freeze([]),
  minSignatureRepeats: 3,
  minResets: 2,
  minKills: 2,
  minClimbRun: 3,
  minClimbSeverity: 5,
  minRepairs: 3,
  minCapHits: 1,
});

const engram: AccParams = Object.freeze({
  ...anton,
  honourConfirmedNewPad: true,
  toolErrorIgnoredTools: Object.freeze(['scratchpad']),
});

export const accProfiles = Object.freeze({ anton, engram });

export type AccProfileName = keyof typeof accProfiles;

/** The default is Anton's behaviour, so lessons stay compatible with existing Anton memories. */
export const defaultAccParams: AccParams = anton;
