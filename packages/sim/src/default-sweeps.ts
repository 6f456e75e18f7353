import type { AccParams, DetectorId } from '@engram/acc';
import type { DetectorGrid, ParamValue } from './sweep-types.js';

const grid = (entries: [keyof AccParams, ParamValue[]][]): DetectorGrid => new Map(entries);

/**
 * What `engram sim` sweeps when no `--sweep` names a detector: each threshold a step or two
 * either side of Anton's value, and each engram fix on and off. A `--sweep` for a detector
 * replaces its default grid.
 */
export const DEFAULT_SWEEPS: ReadonlyMap<DetectorId, DetectorGrid> = new Map<DetectorId, DetectorGrid>([
  ['acc.name-switch', grid([['minDistinctPads', [2, 3, 4]], ['honourConfirmedNewPad', [false, true]]])],
  ['acc.oversized-cell', grid([['bigCellChars', [3_000, 5_000, 8_000]], ['minBigCells', [1, 2, 3]]])],
  ['acc.repeated-tool-error', grid([['minToolErrorRun', [2, 3, 4]], ['toolErrorIgnoredTools', [[], ['scratchpad']]]])],
  ['acc.repeated-error-signature', grid([['minSignatureRepeats', [2, 3, 4, 5, 6]]])],
  ['acc.reset-churn', grid([['minResets', [1, 2, 3]]])],
  ['acc.kill-loop', grid([['minKills', [1, 2, 3]]])],
  ['acc.severity-climb', grid([['minClimbRun', [2, 3, 4]], ['minClimbSeverity', [5, 6]]])],
  ['acc.repair-churn', grid([['minRepairs', [2, 3, 4]]])],
  ['acc.cap-exhausted', grid([['minCapHits', [1, 2]]])],
]);
