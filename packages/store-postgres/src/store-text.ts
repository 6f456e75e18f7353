import type { TenantLogin } from './effects/grant-tenant-login.js';
import type { StoreStatus } from './effects/store-status.js';

const isolation = (s: StoreStatus): string => {
  if (s.tenantBinding === 'role') return 'enforced by row-level security, keyed on this role (a tenant role)';
  if (s.tenantBinding === 'setting') return 'enforced by row-level security, keyed on the tenant this client names (an admin connection; give teams their own role: engram store grant)';
  return "NOT enforced by the server: the role bypasses row-level security (a superuser); only engram's own queries keep tenants apart: connect as a tenant role (engram store grant)";
};

/**
 * What `engram store ...` prints for a person (their `--json` is the data): pure, beside the
 * store whose state it describes. Each text ends in a newline.
 */
export const storeText = {
  /** `store migrate`: what was applied, or that the schema is current. */
  migrate: (where: string, m: { readonly from: number; readonly to: number; readonly applied: readonly string[] }): string =>
    m.applied.length === 0 ? `${where}: schema is current (version ${m.to})\n` : `${where}: migrated from version ${m.from} to ${m.to}: ${m.applied.join(', ')}\n`,
  /** `store status`: schema version, tenant isolation and this tenant's row counts. */
  status: (s: StoreStatus): string =>
    `${[
      `store: ${s.store} (tenant ${s.tenant})`,
      `schema: version ${s.schemaVersion}${s.schemaVersion < s.newestVersion ? ` (behind: this engram knows ${s.newestVersion}; run engram store migrate)` : ''}`,
      `tenant isolation: ${isolation(s)}`,
      ...Object.entries(s.rows).map(([table, n]) => `${table}: ${n} rows`),
    ].join('\n')}\n`,
  /** `store grant`: the role, how to connect, and where its password went (never the password). */
  grant: (g: TenantLogin): string =>
    `${[
      `${g.created ? 'created' : 'updated'} role ${g.role} for tenant ${g.tenant} on ${g.where}: it reaches only ${g.tenant}'s rows, whatever tenant its client names`,
      `connect: ENGRAM_STORE=${g.url} ENGRAM_TENANT=${g.tenant}`,
      g.passwordFile !== null
        ? `password: in ${g.passwordFile} (pgpass format, mode 600): set PGPASSFILE=${g.passwordFile} or append its line to ~/.pgpass; it is printed nowhere`
        : g.created
          ? "password: none set; the role logs in by the server's other methods (peer, certificate), or an admin sets one (ALTER ROLE ... PASSWORD)"
          : 'password: unchanged (the role already existed)',
    ].join('\n')}\n`,
};
