import pg from 'pg';
import { PostgresOpenError } from '../postgres-open-error.js';
import { StoreRefusal } from '../store-refusal.js';
import { storeUnreachable } from '../unreachable-code.js';
import { redactUrl, tenantProblem } from '../tenant-name.js';
import { migrate, type MigrationRun } from './migrate.js';

/** Statements that run longer are cancelled by the server: a stuck query must not hang a turn. */
const STATEMENT_TIMEOUT_MS = 10_000;
/** Connections per process: a session appends and reads on one at a time; headroom for follows. */
const POOL_SIZE = 8;
/** How long a caller waits for a free connection before the pool reports it is full. */
const POOL_WAIT_MS = 5_000;

export interface PostgresOptions {
  readonly url: string;
  readonly tenant?: string;
  readonly statementTimeoutMs?: number;
  readonly poolSize?: number;
  /** How long a query waits for a free connection (default POOL_WAIT_MS). */
  readonly poolWaitMs?: number;
  /** Apply pending migrations at start-up (default true). */
  readonly migrate?: boolean;
  /**
   * Use a role that bypasses row-level security (a superuser, BYPASSRLS): refused without it, as
   * tenants then rest on the queries' own filters alone (`--allow-unisolated`,
   * ENGRAM_ALLOW_UNISOLATED=1). With it, `warn` is told once per process.
   */
  readonly allowUnisolated?: boolean;
  /** Where the one-line notice of an unisolated connection goes (default: stderr, once per process). */
  readonly warn?: (line: string) => void;
}

/** An open connection pool bound to one tenant. */
export interface PostgresDb {
  readonly pool: pg.Pool;
  readonly tenant: string;
  /** The URL without its password. */
  readonly where: string;
  readonly migration: MigrationRun | null;
  /** True when the role bypasses row-level security (a superuser): isolation is then not enforced by the server. */
  readonly bypassesRls: boolean;
  /** The connecting role's name. */
  readonly role: string;
  /** True when the role is a tenant role (`engram store grant`): the server binds it to its tenant whatever the client sets. */
  readonly tenantRole: boolean;
  readonly close: () => Promise<void>;
}

/**
 * Opens a pool whose every connection carries the tenant (`engram.tenant`, read by the row-level
 * security policies) and a statement timeout, checks the server answers, and migrates when the
 * schema is behind. Throws a `StoreRefusal` for a tenant or role engram will not use as asked, and
 * a `PostgresOpenError` naming the (password-free) URL for anything else (`unreachable` when the
 * server cannot be reached).
 */
export const openPostgres = async (options: PostgresOptions): Promise<PostgresDb> => {
  const tenant = options.tenant ?? 'default';
  const problem = tenantProblem(tenant);
  if (problem !== null) throw new StoreRefusal({ reason: 'bad-tenant', message: problem });
  const where = redactUrl(options.url);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? POOL_SIZE,
    connectionTimeoutMillis: options.poolWaitMs ?? POOL_WAIT_MS,
    options: `-c engram.tenant=${tenant} -c statement_timeout=${options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS}`,
  });
  // An idle client losing its server (a restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // The same for a checked-out client (a transaction, a LISTEN): the pool listens only while a
  // client is idle, and node-postgres emits 'error' besides failing the queries in flight, so a
  // restart would otherwise be an uncaught exception. The queries still fail and are retried;
  // the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const r = await pool.query<{ role: string; super: boolean; bypass: boolean }>('SELECT current_user AS role, rolsuper AS super, rolbypassrls AS bypass FROM pg_roles WHERE rolname = current_user');
    const role = r.rows[0]?.role ?? '';
    const bypassesRls = Boolean(r.rows[0]?.super || r.rows[0]?.bypass);
    if (bypassesRls && options.allowUnisolated !== true) throw new StoreRefusal({ reason: 'bypasses-rls', message: unisolatedRefusal(where, role) });
    const owned = await ownTenantOf(pool);
    if (owned !== null && owned !== tenant) throw new StoreRefusal({ reason: 'other-tenant', message: `PostgreSQL store ${where}: role "${role}" belongs to tenant ${owned}, not ${tenant}: set ENGRAM_TENANT=${owned} (or --tenant ${owned}), or connect as tenant ${tenant}'s own role` });
    const migration = options.migrate === false ? null : await migrate(pool);
    if (bypassesRls) warnOnce(options.warn, where, `engram: UNISOLATED: role "${role}" bypasses row-level security on ${where}; tenant ${tenant} is kept apart only by engram's own queries (--allow-unisolated)`);
    return { pool, tenant, where, migration, bypassesRls, role, tenantRole: owned !== null, close: () => pool.end() };
  } catch (err) {
    await pool.end().catch(() => undefined);
    if (err instanceof StoreRefusal) throw err;
    const why = err instanceof Error ? err.message : String(err);
    throw new PostgresOpenError({ reason: storeUnreachable(err) ? 'unreachable' : 'failed', message: `PostgreSQL store ${where}: ${why}`, cause: err });
  }
};

/** The refusal of a role that skips row-level security: what it is and the two ways on. */
const unisolatedRefusal = (where: string, role: string): string =>
  `PostgreSQL store ${where}: role "${role}" is a superuser or BYPASSRLS, so the server would not keep tenants apart: connect as a tenant role (an admin runs engram store grant --tenant NAME) or an ordinary role, or pass --allow-unisolated (ENGRAM_ALLOW_UNISOLATED=1) to accept it`;

/** The tenant the connecting role is bound to (migration 15's engram_tenant_roles), or null for any other role. */
const ownTenantOf = async (pool: pg.Pool): Promise<string | null> => {
  const exists = await pool.query<{ ok: boolean }>("SELECT to_regclass('engram_tenant_roles') IS NOT NULL AS ok");
  if (exists.rows[0]?.ok !== true) return null;
  const r = await pool.query<{ tenant: string }>('SELECT tenant FROM engram_tenant_roles WHERE role_name = current_user');
  return r.rows[0]?.tenant ?? null;
};

/** Unisolated connections already announced in this process: one line per store and role, however many pools open. */
const announced = new Set<string>();

const warnOnce = (warn: ((line: string) => void) | undefined, where: string, line: string): void => {
  if (warn !== undefined) return warn(line);
  if (announced.has(where)) return;
  announced.add(where);
  process.stderr.write(`${line}\n`);
};
