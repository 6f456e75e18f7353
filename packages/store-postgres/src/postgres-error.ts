import { TaggedError } from '@engram/kernel';
import { storeUnreachable } from './unreachable-code.js';

/** Why a PostgreSQL store operation failed: a closed union so callers can handle each case. */
export type PostgresErrorReason = 'unreachable' | 'timeout' | 'schema' | 'tenant' | 'query';

export class PostgresError extends TaggedError('PostgresError')<{
  readonly reason: PostgresErrorReason;
  readonly message: string;
  readonly cause?: unknown;
}> {}

/** Node-postgres and server error codes mapped to a reason (57014: statement timeout). */
export const postgresReason = (cause: unknown): PostgresErrorReason => {
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && storeUnreachable({ code })) return 'unreachable';
  if (code === '57014') return 'timeout';
  return 'query';
};
