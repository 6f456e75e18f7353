import { Data } from 'effect';

/** Why a PostgreSQL store operation failed: a closed union so callers can handle each case. */
export type PostgresErrorReason = 'unreachable' | 'timeout' | 'schema' | 'tenant' | 'query';

export class PostgresError extends Data.TaggedError('PostgresError')<{
  readonly reason: PostgresErrorReason;
  readonly message: string;
  readonly cause?: unknown;
}> {}

/** Node-postgres and server error codes mapped to a reason (57014: statement timeout). */
export const postgresReason = (cause: unknown): PostgresErrorReason => {
  const code = (cause as { code?: unknown } | null)?.code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === '57P01' || code === '57P03' || code === '3D000' || code === '28000') return 'unreachable';
  if (code === '57014') return 'timeout';
  return 'query';
};
