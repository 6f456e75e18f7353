import { FileSkillStore, SkillLabelError } from '@engram/hippocampus';
import { engramPaths, resolveEngramHome } from '@engram/fs';
import { MemoryUsageError, type MemoryIo } from '../memory/open-memory.js';
import { StoreOpenError } from '../store/store-open-error.js';

export interface SkillsRootOptions {
  readonly home?: string;
}

/** The global root as every memory command finds it: `--home`, `$ENGRAM_HOME`, `~/.engram`. */
export const homeOf = (options: SkillsRootOptions, env: Readonly<Record<string, string | undefined>> = process.env): string => resolveEngramHome(options.home, env);

/** The user's skills live in `$ENGRAM_HOME/skills` (DESIGN.md, storage). */
export const openSkills = (options: SkillsRootOptions): FileSkillStore => new FileSkillStore({ root: engramPaths({ home: options.home }).skillsDir });

/**
 * Runs a skills command body: a refused label or bad usage exits 2, any other failure 1, with
 * the message only (never a stack).
 */
export const runSkillsCommand = async (name: string, io: MemoryIo, body: () => Promise<number>): Promise<number> => {
  try {
    return await body();
  } catch (err) {
    io.err(`engram skills ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    if (err instanceof StoreOpenError) return err.exit;
    return err instanceof MemoryUsageError || err instanceof SkillLabelError ? 2 : 1;
  }
};
