import type { AccParams, DetectorId } from '@engram/acc';

/**
 * Which `AccParams` fields each detector reads, so a what-if file keyed by detector id can only
 * set that detector's thresholds. Each field is accepted under its `AccParams` name and a short
 * alias without the detector's noun (`minRun` for `minToolErrorRun`), as the issue writes it.
 */
export const DETECTOR_PARAM_FIELDS: { readonly [D in DetectorId]: Readonly<Record<string, keyof AccParams>> } = {
  'acc.name-switch': { minDistinctPads: 'minDistinctPads', minPads: 'minDistinctPads', honourConfirmedNewPad: 'honourConfirmedNewPad' },
  'acc.oversized-cell': { bigCellChars: 'bigCellChars', minBigCells: 'minBigCells', minEmptyCells: 'minEmptyCells' },
  'acc.repeated-tool-error': {
    minToolErrorRun: 'minToolErrorRun',
    minRun: 'minToolErrorRun',
    toolErrorIgnoredTools: 'toolErrorIgnoredTools',
    ignoredTools: 'toolErrorIgnoredTools',
  },
  'acc.repeated-error-signature': { minSignatureRepeats: 'minSignatureRepeats', minRepeats: 'minSignatureRepeats' },
  'acc.reset-churn': { minResets: 'minResets' },
  'acc.kill-loop': { minKills: 'minKills' },
  'acc.severity-climb': { minClimbRun: 'minClimbRun', minRun: 'minClimbRun', minClimbSeverity: 'minClimbSeverity', minSeverity: 'minClimbSeverity' },
  'acc.repair-churn': { minRepairs: 'minRepairs' },
  'acc.cap-exhausted': { minCapHits: 'minCapHits', minHits: 'minCapHits' },
};
