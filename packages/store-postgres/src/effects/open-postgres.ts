import pg from 'pg';
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
  readonly close: () => Promise<void>;
}

/**
 * Opens a pool whose every connection carries the tenant (`engram.tenant`, read by the row-level
 * security policies) and a statement timeout, checks the server answers, and migrates when the
 * schema is behind. Throws an Error naming the (password-free) URL when the server is unreachable.
 */
export const openPostgres = async (options: PostgresOptions): Promise<PostgresDb> => {
  const tenant = options.tenant ?? 'default';
  const problem = tenantProblem(tenant);
  if (problem !== null) throw new Error(problem);
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
    const r = await pool.query<{ super: boolean; bypass: boolean }>('SELECT rolsuper AS super, rolbypassrls AS bypass FROM pg_roles WHERE rolname = current_user');
    const bypassesRls = Boolean(r.rows[0]?.super || r.rows[0]?.bypass);
    const migration = options.migrate === false ? null : await migrate(pool);
    return { pool, tenant, where, migration, bypassesRls, close: () => pool.end() };
  } catch (err) {
    await pool.end().catch(() => undefined);
    const why = err instanceof Error ? err.message : String(err);
    throw new Error(`PostgreSQL store ${where}: ${why}`, { cause: err });
  }
};
