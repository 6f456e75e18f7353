import { TaggedError, type EngramScope } from '@engram/kernel';

/** What is wrong with a command line: a required argument missing, a value it does not take, a name that matches no entry or several. */
type UsageReason = 'missing' | 'invalid' | 'no-match' | 'ambiguous';

/** A usage problem of a memory command line (the CLI exits 2). */
export class MemoryUsageError extends TaggedError('MemoryUsageError')<{ readonly reason: UsageReason; readonly message: string }> {}

/** Parses `--scope`; `undefined` means both. */
export const parseScope = (value: string | undefined): EngramScope | undefined => {
  if (value === undefined) return undefined;
  if (value === 'global' || value === 'project') return value;
  throw new MemoryUsageError({ reason: 'invalid', message: `--scope must be global or project, not ${JSON.stringify(value)}` });
};

export const scopesOf = (scope: EngramScope | undefined): EngramScope[] => (scope === undefined ? ['global', 'project'] : [scope]);
