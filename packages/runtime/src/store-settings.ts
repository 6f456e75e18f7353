import { EnvChoiceError, parseEnvSwitch } from '@engram/kernel';
import { parseStoreUrl, tenantProblem } from '@engram/store-postgres/settings';

/** Where the brain's stores are: null for the files (no store URL set), else the PostgreSQL URL and the tenant. */
export type StoreSettings = {
  readonly url: string;
  readonly tenant: string;
  /** ENGRAM_ALLOW_UNISOLATED: accept a role that bypasses row-level security (a superuser), said on stderr. */
  readonly allowUnisolated?: boolean;
} | null;

/** A store setting that cannot be used, naming the flag or variable and the allowed form (exit 2 in the CLI). */
export class StoreSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreSettingError';
  }
}

/**
 * The store a brain uses, strictly: `--store` then `ENGRAM_STORE` (a postgres:// URL; anything
 * else is an error, never a silent fall-back to the files), and `--tenant` then `ENGRAM_TENANT`
 * (default `default` when unset; an empty value is an error). Null when no store is set: the files.
 * The one parser of the store settings: the CLI's commands and the runtime's brains both call it.
 */
export const storeSettings = (flags: { readonly store?: string | undefined; readonly tenant?: string | undefined }, env: NodeJS.ProcessEnv = process.env): StoreSettings => {
  const raw = flags.store ?? env.ENGRAM_STORE;
  if (raw === undefined || raw === '') {
    if (flags.tenant !== undefined) throw new StoreSettingError('--tenant needs a store: give --store postgres://USER@HOST:PORT/DB or set ENGRAM_STORE');
    return null;
  }
  const parsed = parseStoreUrl(raw, flags.store !== undefined ? '--store' : 'ENGRAM_STORE');
  if ('problem' in parsed) throw new StoreSettingError(parsed.problem);
  // An empty ENGRAM_TENANT is a setting error like any bad name, never a silent `default`: a team
  // that meant its own tenant and exported an empty variable would write into everyone's.
  const tenant = flags.tenant ?? env.ENGRAM_TENANT ?? 'default';
  const bad = tenantProblem(tenant);
  if (bad !== null) throw new StoreSettingError(`${flags.tenant !== undefined ? '--tenant' : 'ENGRAM_TENANT'}: ${bad}`);
  return { url: parsed.url, tenant, allowUnisolated: unisolatedAllowed(env) };
};

/** ENGRAM_ALLOW_UNISOLATED as an on/off switch (a typo is a setting error, never a silent off). */
const unisolatedAllowed = (env: NodeJS.ProcessEnv): boolean => {
  try {
    return parseEnvSwitch('ENGRAM_ALLOW_UNISOLATED', env.ENGRAM_ALLOW_UNISOLATED, false);
  } catch (err) {
    throw new StoreSettingError(err instanceof EnvChoiceError ? err.message : String(err));
  }
};
