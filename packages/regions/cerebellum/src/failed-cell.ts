import type { ErrorClass } from './error-class.js';

/**
 * A cell that failed or warned, as the cerebellum keeps it for the post-mortem: the stated
 * intent (the forward model), what happened, and the classifier's verdict for the fallback.
 */
export interface FailedCell {
  readonly cellId: string;
  readonly pad: string;
  /** The model's one-line description of what the cell should do. */
  readonly description: string;
  readonly code: string;
  readonly stdout: string;
  readonly stderr: string;
  /** The error text; for a killed cell, the kill reason. */
  readonly error: string;
  readonly killed: boolean;
  readonly errorClass: ErrorClass;
  readonly signature: string;
  readonly hint: string;
}
