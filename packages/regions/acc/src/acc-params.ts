/**
 * Every threshold the detectors use, in one typed object, so the simulation (issue 7) can sweep
 * them and a replay can say which values produced a lesson. `ACC_PARAM_REASONS` gives the reason
 * for each field; its type makes a field without a reason a compile error.
 */
export interface AccParams {
  /** name-switch: distinct pad names in one turn that make a switch. */
  readonly minDistinctPads: number;
  /** name-switch: a new pad the model explicitly confirmed (`confirmedNewPad`) is not counted. */
  readonly honourConfirmedNewPad: boolean;
  /** oversized-cell: code length (chars) from which a cell counts as big. */
  readonly bigCellChars: number;
  /** oversized-cell: big cells needed when no empty-code rejection was seen. */
  readonly minBigCells: number;
  /** oversized-cell: empty-code rejections needed (each one means a payload was lost). */
  readonly minEmptyCells: number;
  /** repeated-tool-error: consecutive failures of one tool that make a run. */
  readonly minToolErrorRun: number;
  /** repeated-tool-error: tools whose results the detector does not see at all. */
  readonly toolErrorIgnoredTools: readonly string[];
  /** repeated-error-signature: occurrences of one signature in a turn. */
  readonly minSignatureRepeats: number;
  /** reset-churn: pad resets in one turn. */
  readonly minResets: number;
  /** kill-loop: kills of one class (liveness or heavy) in one turn. */
  readonly minKills: number;
  /** severity-climb: length of a strictly increasing severity run on one name. */
  readonly minClimbRun: number;
  /** severity-climb: severity the run must reach. */
  readonly minClimbSeverity: number;
  /** repair-churn: history repairs in one turn. */
  readonly minRepairs: number;
  /** cap-exhausted: round-cap hits in one turn. */
  readonly minCapHits: number;
}

export const ACC_PARAM_REASONS: { readonly [K in keyof AccParams]: string } = {
  minDistinctPads: 'Anton: two names in one turn already means state was rebuilt in a second isolated pad.',
  honourConfirmedNewPad: 'Anton ignores the confirmation (§15.10); honouring it stops punishing a deliberate second pad.',
  bigCellChars: 'Anton: around 5 KB a single code string starts to get dropped on the wire.',
  minBigCells: 'Anton: one big cell can be legitimate; two show a habit.',
  minEmptyCells: 'Anton: one lost payload already wasted a round.',
  minToolErrorRun: 'Anton: the second identical failure in a row is the retry the lesson warns about.',
  toolErrorIgnoredTools: 'Anton counts every tool; ignoring `scratchpad` stops normal cell debugging becoming a global rule (§15.10).',
  minSignatureRepeats: 'Anton: three occurrences of one signature rule out coincidence.',
  minResets: 'Anton: one reset can be a real corruption; two is resetting as a recovery habit.',
  minKills: 'Anton: one kill can be bad luck; two of one class is a loop.',
  minClimbRun: 'Anton: three rising severities are a trend, two are noise.',
  minClimbSeverity: 'Anton: the run must reach failure level (5) to matter.',
  minRepairs: 'Anton: a repair or two follows transient provider errors; three is churn.',
  minCapHits: 'Anton: hitting the round cap once is already the failure to report.',
};
