import { TaggedError } from '@engram/kernel';

/** Why a store could not be opened: the server cannot be reached (the CLI's exit 3), or anything else on the way in (a migration, a query: exit 1). */
export type PostgresOpenReason = 'unreachable' | 'failed';

/**
 * `openPostgres` could not open the store: the message names the password-free URL and what the
 * server or the driver said; `cause` keeps the driver's error. A role engram refuses is a
 * `StoreRefusal` instead (a setting to change, not a failure).
 */
export class PostgresOpenError extends TaggedError('PostgresOpenError')<{ readonly reason: PostgresOpenReason; readonly message: string; readonly cause?: unknown }> {}
