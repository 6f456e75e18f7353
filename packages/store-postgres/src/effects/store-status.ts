import { MIGRATIONS } from '../migrations.js';
import { schemaVersion } from './migrate.js';
import type { PostgresDb } from './open-postgres.js';
import { ownTenant } from '../own-tenant.js';

export interface StoreStatus {
  readonly store: string;
  readonly tenant: string;
  readonly schemaVersion: number;
  readonly newestVersion: number;
  /** False when the role bypasses row-level security (a superuser): tenants are then not isolated by the server. */
  readonly tenantIsolation: boolean;
  /** What binds the connection to its tenant: `role` (a tenant role from `engram store grant`), `setting` (the client's engram.tenant, an admin connection), `none` (the policies are bypassed). */
  readonly tenantBinding: 'role' | 'setting' | 'none';
  /** Rows this tenant holds, per table (what row-level security lets it see). */
  readonly rows: Readonly<Record<string, number>>;
}

/** Tables the status counts, in the order they are shown. */
const COUNTED = ['engram_events', 'engram_memory', 'engram_skills', 'engram_recipes', 'engram_instincts', 'engram_pending', 'engram_quarantine', 'engram_history', 'engram_episodes'] as const;

/** The schema version, the newest this build knows, and this tenant's row counts. */
export const storeStatus = async (db: PostgresDb): Promise<StoreStatus> => {
  const version = await schemaVersion(db.pool);
  const rows: Record<string, number> = {};
  for (const table of COUNTED) {
    const exists = await db.pool.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [table]);
    if (!exists.rows[0]?.ok) continue;
    const r = await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE ${ownTenant()}`);
    rows[table.replace(/^engram_/, '')] = Number(r.rows[0]?.n ?? 0);
  }
  return { store: db.where, tenant: db.tenant, schemaVersion: version, newestVersion: MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0, tenantIsolation: !db.bypassesRls, tenantBinding: db.bypassesRls ? 'none' : db.tenantRole ? 'role' : 'setting', rows };
};
