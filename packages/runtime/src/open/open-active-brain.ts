import { parseMemoryMode } from '@engram/cortex';
import { isTagged } from '@engram/kernel';
import { resolve } from 'node:path';
import type { Brain } from '../create-brain.js';
import { openBrain, type OpenBrainOptions } from '../open-brain.js';
import { storeSettings } from '../store-settings.js';
import { StoreOpenError } from './store-open-error.js';

/** The roots and store a command outside a session names: `--home`, `--project`, `--store`, `--tenant`. */
export interface MemoryFlags {
  readonly home?: string;
  readonly project?: string;
  readonly store?: string;
  readonly tenant?: string;
}

/**
 * The brain of a command that works on memory outside a session, on the store `--store`/`--tenant`
 * (or `ENGRAM_STORE`/`ENGRAM_TENANT`) names, opened by `openBrain`. A bad setting is a
 * `StoreSettingError` (exit 2); a server that cannot be reached a `StoreOpenError` (`unreachable`, exit 3), a
 * refused role `refused` (exit 2). Close the brain when done.
 */
export const openActiveBrain = async (options: Omit<OpenBrainOptions, 'env'>, env: NodeJS.ProcessEnv = process.env): Promise<Brain> => {
  const settings = storeSettings(options, env);
  try {
    return await openBrain({ ...options, env });
  } catch (err) {
    // A tagged error keeps its tag (the CLI's exit code comes from it): a bad embedder setting, a
    // refused role (a StoreSettingError), a store that cannot be opened (a StoreOpenError).
    if (settings === null || isTagged(err)) throw err;
    const { postgresReason } = await import('@engram/store-postgres');
    throw new StoreOpenError({ reason: postgresReason(err instanceof Error ? err.cause : err) === 'unreachable' ? 'unreachable' : 'failed', message: err instanceof Error ? err.message : String(err), cause: err });
  }
};

/**
 * Runs `f` on the brain of the audit commands (stats, why, prune-stale, forget, reindex) and closes
 * it whatever happens: the roots as the memory commands find them (project: the current folder by
 * default) and `ENGRAM_MEMORY_MODE` (a bad one is a `MemoryModeError`, exit 2).
 */
export const withActiveBrain = async <A>(options: MemoryFlags, f: (brain: Brain) => Promise<A>, env: NodeJS.ProcessEnv = process.env): Promise<A> => {
  const mode = parseMemoryMode(env['ENGRAM_MEMORY_MODE']);
  const brain = await openActiveBrain({ ...options, project: resolve(options.project ?? process.cwd()), modes: { memory: mode } }, env);
  try {
    return await f(brain);
  } finally {
    await brain.close();
  }
};
