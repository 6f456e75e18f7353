import { EnvChoiceError, parseEnvSwitch, TaggedError } from '@engram/kernel';
import { parseStoreUrl, tenantProblem } from '@engram/store-postgres/settings';

/** Where the brain's stores are: null for the files (no store URL set), else the PostgreSQL URL and the tenant. */
export type StoreSettings = {
  readonly url: string;
  readonly tenant: string;
  /** ENGRAM_ALLOW_UNISOLATED: accept a role that bypasses row-level security (a superuser), said on stderr. */
  readonly allowUnisolated?: boolean;
} | null;

/**
 * Why a store setting cannot be used: a tenant with no store, a store that is not a postgres://
 * URL, a bad tenant name, a bad on/off switch, a role the store refuses (a setting to change), or
 * a command that needs a project folder and was given none.
 */
export type StoreSettingReason = 'tenant-without-store' | 'bad-url' | 'bad-tenant' | 'bad-switch' | 'refused-role' | 'no-project';

/** A store setting that cannot be used, naming the flag or variable (`setting`) and the allowed form (exit 2 in the CLI). */
export class StoreSettingError extends TaggedError('StoreSettingError')<{
  readonly reason: StoreSettingReason;
  /** The flag or variable to fix: `--store`, `ENGRAM_TENANT`... */
  readonly setting: string;
  readonly message: string;
}> {}

/**
 * The store a brain uses, strictly: `--store` then `ENGRAM_STORE` (a postgres:// URL; anything
 * else is an error, never a silent fall-back to the files), and `--tenant` then `ENGRAM_TENANT`
 * (default `default` when unset; an empty value is an error). Null when no store is set: the files.
 * The one parser of the store settings: the CLI's commands and the runtime's brains both call it.
 */
export const storeSettings = (flags: { readonly store?: string | undefined; readonly tenant?: string | undefined }, env: NodeJS.ProcessEnv = process.env): StoreSettings => {
  const raw = flags.store ?? env.ENGRAM_STORE;
  if (raw === undefined || raw === '') {
    if (flags.tenant !== undefined) throw new StoreSettingError({ reason: 'tenant-without-store', setting: '--tenant', message: '--tenant needs a store: give --store postgres://USER@HOST:PORT/DB or set ENGRAM_STORE' });
    return null;
  }
  const storeSetting = flags.store !== undefined ? '--store' : 'ENGRAM_STORE';
  const parsed = parseStoreUrl(raw, storeSetting);
  if ('problem' in parsed) throw new StoreSettingError({ reason: 'bad-url', setting: storeSetting, message: parsed.problem });
  // An empty ENGRAM_TENANT is a setting error like any bad name, never a silent `default`: a team
  // that meant its own tenant and exported an empty variable would write into everyone's.
  const tenant = flags.tenant ?? env.ENGRAM_TENANT ?? 'default';
  const bad = tenantProblem(tenant);
  const tenantSetting = flags.tenant !== undefined ? '--tenant' : 'ENGRAM_TENANT';
  if (bad !== null) throw new StoreSettingError({ reason: 'bad-tenant', setting: tenantSetting, message: `${tenantSetting}: ${bad}` });
  return { url: parsed.url, tenant, allowUnisolated: unisolatedAllowed(env) };
};

/** ENGRAM_ALLOW_UNISOLATED as an on/off switch (a typo is a setting error, never a silent off). */
const unisolatedAllowed = (env: NodeJS.ProcessEnv): boolean => {
  try {
    return parseEnvSwitch('ENGRAM_ALLOW_UNISOLATED', env.ENGRAM_ALLOW_UNISOLATED, false);
  } catch (err) {
    throw new StoreSettingError({ reason: 'bad-switch', setting: 'ENGRAM_ALLOW_UNISOLATED', message: err instanceof EnvChoiceError ? err.message : String(err) });
  }
};
