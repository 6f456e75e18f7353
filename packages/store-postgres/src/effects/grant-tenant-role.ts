import type { PoolClient } from 'pg';
import { StoreRefusal } from '../store-refusal.js';
import { tenantProblem } from '../tenant-name.js';
import type { PostgresDb } from './open-postgres.js';

/** A role name engram creates: lower case, so it needs no quoting in a URL or in psql. */
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface TenantGrantRequest {
  readonly tenant: string;
  /** The login role to create (default `engram_` and the tenant, lower-cased, other characters as `_`). */
  readonly role?: string;
  /** The new role's password; none: the role logs in by the server's other methods (peer, certificate) until an admin sets one. */
  readonly password?: string;
}

export interface TenantGrant {
  readonly role: string;
  readonly tenant: string;
  /** False when the role already existed for this tenant: its privileges were brought up to date, its password left alone. */
  readonly created: boolean;
}

/** The role `engram store grant` creates for a tenant when none is named. */
const defaultTenantRole = (tenant: string): string => `engram_${tenant.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, 63);

/**
 * Gives a tenant role the rows of every tenant table (those under FORCEd row-level security,
 * whose policy keys on the role: migration 15), read-only access to the schema version and its
 * own mapping, and the sequences inserts draw on. Nothing else: no DDL, no other table.
 */
const grantTenantTables = async (c: Pick<PoolClient, 'query' | 'escapeIdentifier'>, role: string): Promise<void> => {
  const who = c.escapeIdentifier(role);
  const db = await c.query<{ db: string; schema: string }>('SELECT current_database() AS db, current_schema() AS schema');
  const { db: database, schema } = db.rows[0]!;
  await c.query(`GRANT CONNECT ON DATABASE ${c.escapeIdentifier(database)} TO ${who}`);
  await c.query(`GRANT USAGE ON SCHEMA ${c.escapeIdentifier(schema)} TO ${who}`);
  const guarded = await c.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND c.relname LIKE 'engram\\_%'
       AND c.relrowsecurity AND c.relforcerowsecurity
       AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant' AND NOT a.attisdropped)
     ORDER BY 1`,
  );
  for (const { name } of guarded.rows) await c.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${c.escapeIdentifier(name)} TO ${who}`);
  await c.query(`GRANT SELECT ON engram_schema, engram_tenant_roles TO ${who}`);
  await c.query(`GRANT USAGE ON ALL SEQUENCES IN SCHEMA ${c.escapeIdentifier(schema)} TO ${who}`);
};

/** Every tenant role's privileges brought up to date (after a migration added a table). */
export const regrantTenantRoles = async (c: Pick<PoolClient, 'query' | 'escapeIdentifier'>): Promise<void> => {
  const exists = await c.query<{ ok: boolean }>("SELECT to_regclass('engram_tenant_roles') IS NOT NULL AS ok");
  if (exists.rows[0]?.ok !== true) return;
  const roles = await c.query<{ role: string }>('SELECT t.role_name AS role FROM engram_tenant_roles t JOIN pg_roles r ON r.rolname = t.role_name ORDER BY 1');
  for (const { role } of roles.rows) await grantTenantTables(c, role);
};

/**
 * `engram store grant`: a login role that reaches only `tenant`'s rows, whatever tenant its client
 * names (the policies key on the role through `engram_tenant_roles`, which it may read and not
 * write). Run on an admin connection (the tables' owner with CREATEROLE, or a superuser). An
 * existing role is taken only when it is already this tenant's: never another tenant's, never a
 * role that bypasses row-level security, never one engram did not grant.
 */
export const grantTenantRole = async (db: PostgresDb, request: TenantGrantRequest): Promise<TenantGrant> => {
  const bad = tenantProblem(request.tenant);
  if (bad !== null) throw new StoreRefusal({ reason: 'bad-tenant', message: `--tenant: ${bad}` });
  const role = request.role ?? defaultTenantRole(request.tenant);
  if (!ROLE_NAME.test(role)) throw new StoreRefusal({ reason: 'bad-role', message: `--role ${JSON.stringify(role.slice(0, 80))} is not allowed: use 1-63 of a-z 0-9 _ starting with a letter or _` });
  if (db.tenantRole) throw new StoreRefusal({ reason: 'needs-admin', message: `role "${db.role}" is a tenant role: engram store grant needs an admin connection (the tables' owner with CREATEROLE, or a superuser)` });
  const c = await db.pool.connect();
  try {
    await c.query('BEGIN');
    try {
      // One grant at a time: two admins granting the same role must not both create it.
      await c.query("SELECT pg_advisory_xact_lock(hashtextextended('engram/tenant-roles', 0))");
      const existing = await c.query<{ bypass: boolean }>('SELECT rolsuper OR rolbypassrls AS bypass FROM pg_roles WHERE rolname = $1', [role]);
      const mapped = await c.query<{ tenant: string }>('SELECT tenant FROM engram_tenant_roles WHERE role_name = $1', [role]);
      const owner = mapped.rows[0]?.tenant;
      const found = existing.rows[0];
      if (found?.bypass === true) throw new StoreRefusal({ reason: 'bypasses-rls', message: `role "${role}" bypasses row-level security: it can never be a tenant role; name another with --role` });
      if (owner !== undefined && owner !== request.tenant) throw new StoreRefusal({ reason: 'other-tenant', message: `role "${role}" is tenant ${owner}'s: name another with --role` });
      if (found !== undefined && owner === undefined) throw new StoreRefusal({ reason: 'foreign-role', message: `role "${role}" already exists and is not a tenant role engram granted: name another with --role` });
      const created = found === undefined;
      if (created) {
        // CREATE ROLE takes no parameters: the password goes as an escaped literal.
        const password = request.password === undefined ? '' : ` PASSWORD ${c.escapeLiteral(request.password)}`;
        await c.query(`CREATE ROLE ${c.escapeIdentifier(role)} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION${password}`);
        await c.query('INSERT INTO engram_tenant_roles (role_name, tenant) VALUES ($1, $2)', [role, request.tenant]);
      }
      await grantTenantTables(c, role);
      await c.query('COMMIT');
      return { role, tenant: request.tenant, created };
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  } finally {
    c.release();
  }
};
