import { errorLine, failureSignature } from '@engram/kernel';

/** What a failure said, as lessons and warnings quote it. */
export interface FailureLine {
  /** The line that says what went wrong (`errorLine`), at most `LINE_CHARS`. */
  readonly line: string;
  /** The failure's normalised signature (`failureSignature`): what "the same error" means. */
  readonly signature: string;
}

/** Characters of the error line quoted: one line a model reads at a glance. */
const LINE_CHARS = 200;

/**
 * The line of a failed call's error that says what went wrong and its signature: never a host's
 * exit status or a cut's marker, so a lesson or a warning always quotes what failed.
 */
export const failureLine = (error: string): FailureLine => {
  const line = errorLine(error);
  return { line: line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line, signature: failureSignature(error) };
};
