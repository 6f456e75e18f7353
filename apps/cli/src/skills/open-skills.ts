import { resolveEngramHome } from '@engram/fs';
import { runCommand } from '../exit/exit-code-of.js';
import type { MemoryIo } from '../memory/open-memory.js';

/** The flags every skills command takes: the home, and the store (`--store`, `--tenant`). */
export interface SkillsRootOptions {
  readonly home?: string;
  readonly store?: string;
  readonly tenant?: string;
}

/** The global root as every memory command finds it: `--home`, `$ENGRAM_HOME`, `~/.engram`. */
export const homeOf = (options: SkillsRootOptions, env: Readonly<Record<string, string | undefined>> = process.env): string => resolveEngramHome(options.home, env);

/** Runs a skills command body: a failure is its message, never a stack, and the exit code read from its tag (`runCommand`). */
export const runSkillsCommand = (name: string, io: MemoryIo, body: () => Promise<number>): Promise<number> => runCommand(`engram skills ${name}`, io.err, body);
