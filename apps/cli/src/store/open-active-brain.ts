import type { Brain, OpenBrainOptions } from '@engram/runtime';
import { MemoryUsageError } from '../memory/open-memory.js';
import { activeStore, type StoreFlags } from './active-store.js';
import { StoreOpenError } from './store-open-error.js';

/**
 * The brain of a command that works on memory outside a session, on the store `--store`/`--tenant`
 * (or `ENGRAM_STORE`/`ENGRAM_TENANT`) names, opened by the runtime (`openBrain`). A bad setting is
 * a `MemoryUsageError` (exit 2); a server that cannot be reached a `StoreOpenError` with exit 3,
 * as `engram store` answers. Close the brain when done.
 */
export const openActiveBrain = async (options: StoreFlags & Omit<OpenBrainOptions, 'store' | 'tenant'>, env: NodeJS.ProcessEnv = process.env): Promise<Brain> => {
  const active = activeStore(options, env);
  if (active.kind === 'problem') throw new MemoryUsageError(active.problem);
  const { store: _store, tenant: _tenant, ...rest } = options;
  const { openBrain } = await import('@engram/runtime');
  try {
    return await openBrain({ ...rest, env, ...(active.kind === 'postgres' ? { store: active.url, tenant: active.tenant } : {}) });
  } catch (err) {
    if (active.kind !== 'postgres') throw err;
    // The runtime turns a refused role into a StoreSettingError: a setting to change, exit 2.
    const { StoreSettingError } = await import('@engram/runtime');
    if (err instanceof StoreSettingError) throw new StoreOpenError(err.message, 2);
    const { postgresReason } = await import('@engram/store-postgres');
    throw new StoreOpenError(err instanceof Error ? err.message : String(err), postgresReason(err instanceof Error ? err.cause : err) === 'unreachable' ? 3 : 1);
  }
};
