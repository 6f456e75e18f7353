import type { PostgresDb } from '@engram/store-postgres';
import { parseStoreUrl, tenantProblem } from '@engram/store-postgres/settings';

/**
 * The store a command works on: the files (the default) or PostgreSQL. The one place the CLI
 * reads `--store`/`ENGRAM_STORE` and `--tenant`/`ENGRAM_TENANT`, so one switch moves every
 * command. A bad setting is a problem naming the setting and the allowed form (exit 2).
 */
export type ActiveStore = { readonly kind: 'files' } | ({ readonly kind: 'postgres' } & PostgresSetting) | { readonly kind: 'problem'; readonly problem: string };

/** A PostgreSQL store as the settings name it. */
export interface PostgresSetting {
  readonly url: string;
  readonly tenant: string;
  /** `--allow-unisolated` / ENGRAM_ALLOW_UNISOLATED: accept a role that bypasses row-level security. */
  readonly allowUnisolated: boolean;
}

/** The on spellings of ENGRAM_ALLOW_UNISOLATED (the CLI checks the variable's value before any command runs). */
const ON = new Set(['1', 'true', 'on', 'yes']);

export interface StoreFlags {
  readonly store?: string;
  readonly tenant?: string;
}

export const activeStore = (flags: StoreFlags, env: Readonly<Record<string, string | undefined>> = process.env): ActiveStore => {
  const raw = flags.store ?? env['ENGRAM_STORE'];
  if (raw === undefined || raw === '') return { kind: 'files' };
  const parsed = parseStoreUrl(raw, flags.store !== undefined ? '--store' : 'ENGRAM_STORE');
  if ('problem' in parsed) return { kind: 'problem', problem: parsed.problem };
  const tenant = flags.tenant ?? env['ENGRAM_TENANT'] ?? 'default';
  const bad = tenantProblem(tenant);
  const allowUnisolated = ON.has((env['ENGRAM_ALLOW_UNISOLATED'] ?? '').trim().toLowerCase());
  return bad === null ? { kind: 'postgres', url: parsed.url, tenant, allowUnisolated } : { kind: 'problem', problem: `${flags.tenant !== undefined ? '--tenant' : 'ENGRAM_TENANT'}: ${bad}` };
};

/**
 * An open database, or why not with the exit code: 3 when the server cannot be reached (like an
 * unreachable model), 2 when the role is refused (`StoreRefusal`), else 1. `admin`: a command on
 * the schema or the roles, which takes a superuser without `--allow-unisolated` and without the notice. Migrates when the schema is behind, readers too (under the advisory
 * lock, once however many start): a reader on an older schema would fail on a table it lacks.
 */
export const openActivePostgres = async (store: PostgresSetting, migrate = true, admin = false): Promise<{ readonly db: PostgresDb } | { readonly exit: 1 | 2 | 3; readonly message: string }> => {
  // Loaded only now: a command on the files never loads `pg`.
  const { openPostgres, postgresReason, StoreRefusal } = await import('@engram/store-postgres');
  // An admin command (store migrate, status, grant) reads or writes no tenant's rows through the policies: a superuser is its usual role, and status reports the isolation itself.
  const unisolated = admin ? { allowUnisolated: true, warn: () => undefined } : { allowUnisolated: store.allowUnisolated };
  try {
    return { db: await openPostgres({ url: store.url, tenant: store.tenant, migrate, ...unisolated }) };
  } catch (err) {
    if (err instanceof StoreRefusal) return { exit: 2, message: err.message };
    return { exit: postgresReason(err instanceof Error ? err.cause : err) === 'unreachable' ? 3 : 1, message: err instanceof Error ? err.message : String(err) };
  }
};
