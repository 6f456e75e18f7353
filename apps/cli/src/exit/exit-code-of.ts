import type { MemoryUsageError } from '@engram/runtime';
import type { EmbedderSettingError, SkillLabelError } from '@engram/hippocampus';
import type { SubjectError } from '@engram/kernel';
import type { EnvChoiceError } from '@engram/kernel/env';
import type { LlmConfigError } from '@engram/llm';
import type { TraceError } from '@engram/replay';
import type { AccProfileError, ArgumentError, SessionLogError, StoreOpenError, StoreSettingError } from '@engram/runtime';
import type { SimUsageError } from '@engram/sim';
import type { PasswordFileError, StoreRefusal } from '@engram/store-postgres';

/** Every tagged error a command can end with: a new one goes here and into `EXIT_CODES`, which the compiler then holds complete. */
export type CliError = StoreSettingError | StoreOpenError | SessionLogError | StoreRefusal | PasswordFileError | EmbedderSettingError | EnvChoiceError | LlmConfigError | AccProfileError | ArgumentError | MemoryUsageError | SubjectError | SkillLabelError | TraceError | SimUsageError;

/** 1: the command failed; 2: a setting or the command line to fix (usage); 3: a server that cannot be reached. */
export type ExitCode = 1 | 2 | 3;

type ExitTable = { readonly [E in CliError as E['_tag']]: ExitCode | { readonly [R in E['reason']]: ExitCode } };

/** The one table of exit codes, by `_tag` (and by `reason` where a tag's reasons differ); docs/errors.md prints it. */
export const EXIT_CODES = {
  StoreSettingError: 2,
  StoreOpenError: { unreachable: 3, refused: 2, failed: 1 },
  SessionLogError: { 'bad-id': 2, 'no-log': 1, 'no-file': 1 },
  StoreRefusal: 2, PasswordFileError: 2, EmbedderSettingError: 2, EnvChoiceError: 2, LlmConfigError: 2, AccProfileError: 2, ArgumentError: 2,
  MemoryUsageError: 2, SubjectError: 2, SkillLabelError: 2, SimUsageError: 2,
  // An Anton trace that cannot be read is the input's fault, but `engram replay` has always said so with exit 1.
  TraceError: 1,
} as const satisfies ExitTable;

/** The exit code of a failed command, read from the error's tag (and reason); 1 for anything else (a plain `Error`). */
export const exitCodeOf = (err: unknown): ExitCode => {
  if (typeof err !== 'object' || err === null) return 1;
  const { _tag: tag, reason } = err as { readonly _tag?: unknown; readonly reason?: unknown };
  if (typeof tag !== 'string' || !Object.hasOwn(EXIT_CODES, tag)) return 1;
  const entry: ExitCode | Readonly<Record<string, ExitCode>> = EXIT_CODES[tag as keyof typeof EXIT_CODES];
  if (typeof entry === 'number') return entry;
  return typeof reason === 'string' && Object.hasOwn(entry, reason) ? (entry[reason] ?? 1) : 1;
};

/** Runs a command body: a failure is one line (`PREFIX: message`, never a stack) and the exit code read from its tag. */
export const runCommand = async (prefix: string, say: (line: string) => void, body: () => Promise<number>): Promise<number> => {
  try {
    return await body();
  } catch (err) {
    say(`${prefix}: ${err instanceof Error ? err.message : String(err)}\n`);
    return exitCodeOf(err);
  }
};
