import { errorSignature } from '@engram/kernel';
import { classifyError } from './classify-error.js';
import { errorHeadline } from './error-headline.js';
import type { FailedCell } from './failed-cell.js';
import { RECOVERY_HINTS } from './recovery-hints.js';

/** What the cell's request said, when the cerebellum saw it. */
export interface CellIntent {
  readonly pad: string;
  readonly description: string;
  readonly code: string;
}

export interface CellOutcome {
  readonly cellId: string;
  readonly pad: string;
  readonly stdout: string;
  readonly stderr: string;
  readonly error: string;
  readonly killed: boolean;
}

/**
 * A failed cell with its verdict. The error text is classified and signed; a warning-only cell
 * (stderr but no error) is judged on its stderr. A killed cell whose reason names no class is a
 * timeout: the runtime gave up on a cell that ran too long or too heavy.
 */
export const failedCellFrom = (outcome: CellOutcome, intent: CellIntent | undefined): FailedCell => {
  const text = outcome.error.trim() !== '' ? outcome.error : outcome.stderr;
  const verdict = classifyError(text);
  const killedTimeout = outcome.killed && verdict.errorClass === 'unknown';
  const errorClass = killedTimeout ? 'timeout' : verdict.errorClass;
  const hint = killedTimeout ? RECOVERY_HINTS.timeout : verdict.hint;
  return {
    cellId: outcome.cellId,
    pad: outcome.pad,
    description: intent?.description ?? '',
    code: intent?.code ?? '',
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    error: outcome.error,
    killed: outcome.killed,
    errorClass,
    signature: errorSignature(errorHeadline(text)),
    hint,
  };
};
