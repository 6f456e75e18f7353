import { TaggedError } from '@engram/kernel';

/** Why the active store could not be opened: the server cannot be reached, the role was refused (a setting to change), anything else. */
export type StoreOpenReason = 'unreachable' | 'refused' | 'failed';

/** Thrown when the active store cannot be opened; the CLI's exit code comes from the reason (3 unreachable, 2 refused, 1 failed). */
export class StoreOpenError extends TaggedError('StoreOpenError')<{ readonly reason: StoreOpenReason; readonly message: string; readonly cause?: unknown }> {}
