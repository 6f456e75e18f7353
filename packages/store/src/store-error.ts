import { Data } from 'effect';

/** Why a log operation failed: a closed union so callers can handle each case. */
export type StoreErrorReason = 'io' | 'lock' | 'invalid-session' | 'closed';

export class StoreError extends Data.TaggedError('StoreError')<{
  readonly reason: StoreErrorReason;
  readonly message: string;
  readonly file?: string;
  readonly cause?: unknown;
}> {}
