import { systemClock } from '@engram/kernel';
import { embedderFromEnv } from '@engram/hippocampus';
import type { BrainStores } from './brain-stores.js';
import { createBrain, type Brain, type BrainOptions } from './create-brain.js';
import { engramPaths } from './engram-paths.js';
import { storeSettings, type StoreSettings } from './store-settings.js';

export interface OpenBrainOptions extends Omit<BrainOptions, 'store'> {
  /** `--store URL`; default `ENGRAM_STORE` from `env`. */
  readonly store?: string;
  /** `--tenant NAME`; default `ENGRAM_TENANT`, then `default`. */
  readonly tenant?: string;
}

/**
 * Opens the stores a setting names: PostgreSQL (loaded only now, so a brain on files never loads
 * `pg`) with every store on one pool bound to the tenant. Throws an Error naming the URL (without
 * its password) when the server cannot be reached.
 */
export const openBrainStores = async (settings: NonNullable<StoreSettings>, paths: BrainOptions & { readonly env?: NodeJS.ProcessEnv } = {}): Promise<BrainStores> => {
  const { postgresBrainStores } = await import('./effects/postgres-brain-stores.js');
  const env = paths.env ?? process.env;
  return postgresBrainStores(settings, engramPaths({ home: paths.home, project: paths.project }, env), paths.clock ?? systemClock, paths.embedder === undefined ? embedderFromEnv(env) : paths.embedder);
};

/**
 * `createBrain`, with the store chosen by `store` / `ENGRAM_STORE` and `tenant` / `ENGRAM_TENANT`
 * (strictly: a bad setting is a `StoreSettingError`): PostgreSQL when set, else the files. Close
 * the brain (`brain.close()`) to release the store's connections.
 */
export const openBrain = async (options: OpenBrainOptions = {}): Promise<Brain> => {
  const env = options.env ?? process.env;
  const { store: url, tenant, ...rest } = options;
  const settings = storeSettings({ store: url, tenant }, env);
  // The brain's own env never carries the setting on: the store is passed opened.
  const { ENGRAM_STORE: _s, ENGRAM_TENANT: _t, ...brainEnv } = env;
  if (settings === null) return createBrain({ ...rest, env: brainEnv });
  const stores = await openBrainStores(settings, { ...rest, env: brainEnv });
  try {
    return createBrain({ ...rest, env: brainEnv, store: stores });
  } catch (err) {
    await stores.close();
    throw err;
  }
};

/**
 * Loads the PostgreSQL backend now when `ENGRAM_STORE` is set in `env` (nothing otherwise, so a
 * service on files never loads `pg`). A resident service calls it before it claims its home:
 * after that, a late `import('pg')` in that process was seen to resolve through the workspace's
 * symlinks and miss pg's own dependencies (docs/postgres.md).
 */
export const preloadStoreBackend = async (env: NodeJS.ProcessEnv = process.env): Promise<void> => {
  if (storeSettings({}, env) !== null) await import('./effects/postgres-brain-stores.js');
};
