import type { PostgresDb } from '@engram/store-postgres';
import type { StoreSettings } from '../store-settings.js';
import { StoreOpenError } from './store-open-error.js';

/**
 * An open database, or why not (`StoreOpenError`: `unreachable` when the server cannot be reached,
 * `refused` when the role is refused (`StoreRefusal`), else `failed`). `admin`: a command on
 * the schema or the roles, which takes a superuser without `--allow-unisolated` and without the
 * notice. Migrates when the schema is behind, readers too (under the advisory lock, once however
 * many start): a reader on an older schema would fail on a table it lacks.
 */
export const openActivePostgres = async (store: NonNullable<StoreSettings>, migrate = true, admin = false): Promise<{ readonly db: PostgresDb } | { readonly error: StoreOpenError }> => {
  // Loaded only now: a command on the files never loads `pg`.
  const { openPostgres, PostgresOpenError, StoreRefusal } = await import('@engram/store-postgres');
  // An admin command (store migrate, status, grant) reads or writes no tenant's rows through the policies: a superuser is its usual role, and status reports the isolation itself.
  const unisolated = admin ? { allowUnisolated: true, warn: () => undefined } : { allowUnisolated: store.allowUnisolated === true };
  try {
    return { db: await openPostgres({ url: store.url, tenant: store.tenant, migrate, ...unisolated }) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof StoreRefusal) return { error: new StoreOpenError({ reason: 'refused', message, cause: err }) };
    return { error: new StoreOpenError({ reason: err instanceof PostgresOpenError ? err.reason : 'failed', message, cause: err }) };
  }
};
