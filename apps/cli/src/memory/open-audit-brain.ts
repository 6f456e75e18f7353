import { resolve } from 'node:path';
import type { Brain } from '@engram/runtime';
import { openActiveBrain } from '../store/open-active-brain.js';
import type { StoreFlags } from '../store/active-store.js';
import { memoryModeOf, type MemoryRootOptions } from './open-memory.js';

/**
 * The brain for the audit commands (stats, why, prune-stale) on the active store: the files, or
 * the store `--store`/`--tenant` (or `ENGRAM_STORE`/`ENGRAM_TENANT`) names, whose logs and memory
 * the audit then reads. The same roots and memory mode as `openMemory` (a bad
 * `ENGRAM_MEMORY_MODE` is a usage error); exit 2 for a bad store setting, 3 when unreachable.
 * Close the brain when done.
 */
export const openAuditBrain = (options: MemoryRootOptions & StoreFlags, env: NodeJS.ProcessEnv = process.env): Promise<Brain> => {
  const mode = memoryModeOf(env);
  return openActiveBrain({ ...(options.home === undefined ? {} : { home: options.home }), ...(options.store === undefined ? {} : { store: options.store }), ...(options.tenant === undefined ? {} : { tenant: options.tenant }), project: resolve(options.project ?? process.cwd()), modes: { memory: mode } }, env);
};

/** Runs `f` on the audit brain and closes it (the store's connections) whatever happens. */
export const withAuditBrain = async <A>(options: MemoryRootOptions & StoreFlags, f: (brain: Brain) => Promise<A>): Promise<A> => {
  const brain = await openAuditBrain(options);
  try {
    return await f(brain);
  } finally {
    await brain.close();
  }
};
