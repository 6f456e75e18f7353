import { openPostgres, parseStoreUrl, postgresReason, storeStatus, tenantProblem, type PostgresDb } from '@engram/store-postgres';

export interface StoreOptions {
  readonly store?: string;
  readonly tenant?: string;
  readonly json?: boolean;
}

/** Exit codes: 0 done, 1 failed, 2 bad settings, 3 the store is unreachable (like an unreachable model). */
type Exit = 0 | 1 | 2 | 3;

const settings = (opts: StoreOptions): { url: string; tenant: string } | { problem: string } => {
  const raw = opts.store ?? process.env.ENGRAM_STORE;
  if (raw === undefined || raw === '') return { problem: 'no store is configured (files are the default and need no migration): give --store postgres://USER@HOST:PORT/DB or set ENGRAM_STORE' };
  const parsed = parseStoreUrl(raw, opts.store !== undefined ? '--store' : 'ENGRAM_STORE');
  if ('problem' in parsed) return parsed;
  const tenant = opts.tenant ?? process.env.ENGRAM_TENANT ?? 'default';
  const bad = tenantProblem(tenant);
  return bad === null ? { url: parsed.url, tenant } : { problem: `${opts.tenant !== undefined ? '--tenant' : 'ENGRAM_TENANT'}: ${bad}` };
};

const withStore = async (opts: StoreOptions, migrate: boolean, f: (db: PostgresDb) => Promise<void> | void): Promise<Exit> => {
  const s = settings(opts);
  if ('problem' in s) {
    process.stderr.write(`engram store: ${s.problem}\n`);
    return 2;
  }
  let db: PostgresDb;
  try {
    db = await openPostgres({ url: s.url, tenant: s.tenant, migrate });
  } catch (err) {
    process.stderr.write(`engram store: ${err instanceof Error ? err.message : String(err)}\n`);
    return postgresReason(err instanceof Error ? err.cause : err) === 'unreachable' ? 3 : 1;
  }
  try {
    await f(db);
    return 0;
  } finally {
    await db.close();
  }
};

/** `engram store migrate`: applies the migrations the database lacks (under the advisory lock). */
export const runStoreMigrate = (opts: StoreOptions): Promise<Exit> =>
  withStore(opts, true, (db) => {
    const m = db.migration!;
    if (opts.json) process.stdout.write(`${JSON.stringify({ store: db.where, from: m.from, to: m.to, applied: m.applied })}\n`);
    else process.stdout.write(m.applied.length === 0 ? `${db.where}: schema is current (version ${m.to})\n` : `${db.where}: migrated from version ${m.from} to ${m.to}: ${m.applied.join(', ')}\n`);
  });

/** `engram store status`: schema version, tenant isolation and this tenant's row counts; changes nothing. */
export const runStoreStatus = (opts: StoreOptions): Promise<Exit> =>
  withStore(opts, false, async (db) => {
    const s = await storeStatus(db);
    if (opts.json) {
      process.stdout.write(`${JSON.stringify(s)}\n`);
      return;
    }
    const lines = [
      `store: ${s.store} (tenant ${s.tenant})`,
      `schema: version ${s.schemaVersion}${s.schemaVersion < s.newestVersion ? ` (behind: this engram knows ${s.newestVersion}; run engram store migrate)` : ''}`,
      `tenant isolation: ${s.tenantIsolation ? 'enforced by row-level security' : 'NOT enforced: the role bypasses row-level security (a superuser); connect as an ordinary role'}`,
      ...Object.entries(s.rows).map(([table, n]) => `${table}: ${n} rows`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  });
