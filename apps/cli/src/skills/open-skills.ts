import { resolveEngramHome } from '@engram/fs';
import { exitCodeOf } from '../exit/exit-code-of.js';
import type { MemoryIo } from '../memory/open-memory.js';

/** The flags every skills command takes: the home, and the store (`--store`, `--tenant`). */
export interface SkillsRootOptions {
  readonly home?: string;
  readonly store?: string;
  readonly tenant?: string;
}

/** The global root as every memory command finds it: `--home`, `$ENGRAM_HOME`, `~/.engram`. */
export const homeOf = (options: SkillsRootOptions, env: Readonly<Record<string, string | undefined>> = process.env): string => resolveEngramHome(options.home, env);

/**
 * Runs a skills command body: a refused label, bad usage or a bad setting exits 2, a store that
 * cannot be reached 3, any other failure 1, with the message only (never a stack).
 */
export const runSkillsCommand = async (name: string, io: MemoryIo, body: () => Promise<number>): Promise<number> => {
  try {
    return await body();
  } catch (err) {
    io.err(`engram skills ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return exitCodeOf(err);
  }
};
