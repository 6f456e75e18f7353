/**
 * One finished cell of a scratchpad as the consolidator sees it (Anton's `Cell`): what the model
 * meant (`description`, `code`, from `scratchpad.cell.requested`) and what happened (`stdout`,
 * `stderr`, `error`, from `scratchpad.cell.executed`; a killed cell carries its kill reason as
 * `error`). Fields hold the bus's data, which was scrubbed where it entered; the prompt scrubs
 * again before anything leaves the process.
 */
export interface ReplayCell {
  readonly pad: string;
  readonly cellId: string;
  readonly description: string;
  readonly code: string;
  readonly stdout: string;
  readonly stderr: string;
  readonly error: string;
  /** Cancelled, timed out or killed (`scratchpad.cell.killed`). */
  readonly killed: boolean;
}
