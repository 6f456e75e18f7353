import type { EngramScope } from '@engram/kernel';
import type { MemoryFlags } from '@engram/runtime';

/** The flags every memory command takes: the roots, and the store (`--store`, `--tenant`) where one applies. */
export type MemoryRootOptions = MemoryFlags;

/** Where a command prints: stdout and stderr, or a test's buffers. */
export interface MemoryIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

export const defaultIo: MemoryIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/** A usage problem: the command exits 2. */
export class MemoryUsageError extends Error {
  override name = 'MemoryUsageError';
}

/** Parses `--scope`; `undefined` means both. */
export const parseScope = (value: string | undefined): EngramScope | undefined => {
  if (value === undefined) return undefined;
  if (value === 'global' || value === 'project') return value;
  throw new MemoryUsageError(`--scope must be global or project, not ${JSON.stringify(value)}`);
};

export const scopesOf = (scope: EngramScope | undefined): EngramScope[] => (scope === undefined ? ['global', 'project'] : [scope]);

/**
 * The exit code of a failed command: the runtime's for a store or setting it could not open with
 * (`openFailureExit`: 2 settings, 3 unreachable), 2 for usage, 1 for anything else.
 */
export const failureExit = async (err: unknown, usage: (err: unknown) => boolean = (e) => e instanceof MemoryUsageError): Promise<number> =>
  (await import('@engram/runtime')).openFailureExit(err) ?? (usage(err) ? 2 : 1);

/** Runs a command body and maps failures to exit codes (`failureExit`), with the message, never a stack. */
export const runMemoryCommand = async (name: string, io: MemoryIo, body: () => Promise<number>): Promise<number> => {
  try {
    return await body();
  } catch (err) {
    io.err(`engram memory ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return failureExit(err);
  }
};
