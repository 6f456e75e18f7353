import { TaggedError } from '@engram/kernel';

/** Why a session's log cannot be read: the id is not one (a setting to fix), or no log or file holds it. */
export type SessionLogReason = 'bad-id' | 'no-log' | 'no-file';

/** A session log named on the command line that cannot be read (exit 2 for a bad id, else 1). */
export class SessionLogError extends TaggedError('SessionLogError')<{ readonly reason: SessionLogReason; readonly message: string }> {}
