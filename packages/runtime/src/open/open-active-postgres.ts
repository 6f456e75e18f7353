import type { PostgresDb } from '@engram/store-postgres';
import type { StoreSettings } from '../store-settings.js';

/**
 * An open database, or why not with the exit code: 3 when the server cannot be reached (like an
 * unreachable model), 2 when the role is refused (`StoreRefusal`), else 1. `admin`: a command on
 * the schema or the roles, which takes a superuser without `--allow-unisolated` and without the
 * notice. Migrates when the schema is behind, readers too (under the advisory lock, once however
 * many start): a reader on an older schema would fail on a table it lacks.
 */
export const openActivePostgres = async (store: NonNullable<StoreSettings>, migrate = true, admin = false): Promise<{ readonly db: PostgresDb } | { readonly exit: 1 | 2 | 3; readonly message: string }> => {
  // Loaded only now: a command on the files never loads `pg`.
  const { openPostgres, postgresReason, StoreRefusal } = await import('@engram/store-postgres');
  // An admin command (store migrate, status, grant) reads or writes no tenant's rows through the policies: a superuser is its usual role, and status reports the isolation itself.
  const unisolated = admin ? { allowUnisolated: true, warn: () => undefined } : { allowUnisolated: store.allowUnisolated === true };
  try {
    return { db: await openPostgres({ url: store.url, tenant: store.tenant, migrate, ...unisolated }) };
  } catch (err) {
    if (err instanceof StoreRefusal) return { exit: 2, message: err.message };
    return { exit: postgresReason(err instanceof Error ? err.cause : err) === 'unreachable' ? 3 : 1, message: err instanceof Error ? err.message : String(err) };
  }
};
