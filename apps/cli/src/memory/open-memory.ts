import { TaggedError, type EngramScope } from '@engram/kernel';
import { runCommand } from '../exit/exit-code-of.js';
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

/** What is wrong with a command line: a required argument missing, a value it does not take, a name that matches no entry or several. */
export type UsageReason = 'missing' | 'invalid' | 'no-match' | 'ambiguous';

/** A usage problem of a command line (the CLI exits 2: `exitCodeOf`). */
export class MemoryUsageError extends TaggedError('MemoryUsageError')<{ readonly reason: UsageReason; readonly message: string }> {}

/** Parses `--scope`; `undefined` means both. */
export const parseScope = (value: string | undefined): EngramScope | undefined => {
  if (value === undefined) return undefined;
  if (value === 'global' || value === 'project') return value;
  throw new MemoryUsageError({ reason: 'invalid', message: `--scope must be global or project, not ${JSON.stringify(value)}` });
};

export const scopesOf = (scope: EngramScope | undefined): EngramScope[] => (scope === undefined ? ['global', 'project'] : [scope]);

/** Runs a memory command body: a failure is its message, never a stack, and the exit code read from its tag (`runCommand`). */
export const runMemoryCommand = (name: string, io: MemoryIo, body: () => Promise<number>): Promise<number> => runCommand(`engram memory ${name}`, io.err, body);
