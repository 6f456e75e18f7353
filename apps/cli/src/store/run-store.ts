import { storeStatus, type PostgresDb, type StoreStatus } from '@engram/store-postgres';
import { openActivePostgres, storeSettings, StoreSettingError, type StoreSettings } from '@engram/runtime';

export interface StoreOptions {
  readonly store?: string;
  readonly tenant?: string;
  readonly json?: boolean;
}

export interface StoreGrantOptions {
  readonly store?: string;
  readonly tenant: string;
  readonly role?: string;
  readonly passwordFile?: string;
  readonly json?: boolean;
}

/** Exit codes: 0 done, 1 failed, 2 bad settings, 3 the store is unreachable (like an unreachable model). */
export type Exit = 0 | 1 | 2 | 3;

/** The admin store the flags name, or why not (`none`: what to say when no store is set). */
export const adminSettings = (opts: Pick<StoreOptions, 'store' | 'tenant'>, none: string, env: NodeJS.ProcessEnv = process.env): NonNullable<StoreSettings> | { problem: string } => {
  try {
    return storeSettings(opts, env) ?? { problem: none };
  } catch (err) {
    if (err instanceof StoreSettingError) return { problem: err.message };
    throw err;
  }
};

const withStore = async (opts: StoreOptions, migrate: boolean, f: (db: PostgresDb) => Promise<void> | void): Promise<Exit> => {
  const s = adminSettings(opts, 'no store is configured (files are the default and need no migration): give --store postgres://USER@HOST:PORT/DB or set ENGRAM_STORE');
  if ('problem' in s) {
    process.stderr.write(`engram store: ${s.problem}\n`);
    return 2;
  }
  const opened = await openActivePostgres(s, migrate, true);
  if ('exit' in opened) {
    process.stderr.write(`engram store: ${opened.message}\n`);
    return opened.exit;
  }
  const { db } = opened;
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

const isolationLine = (s: StoreStatus): string => {
  if (s.tenantBinding === 'role') return 'enforced by row-level security, keyed on this role (a tenant role)';
  if (s.tenantBinding === 'setting') return 'enforced by row-level security, keyed on the tenant this client names (an admin connection; give teams their own role: engram store grant)';
  return "NOT enforced by the server: the role bypasses row-level security (a superuser); only engram's own queries keep tenants apart: connect as a tenant role (engram store grant)";
};

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
      `tenant isolation: ${isolationLine(s)}`,
      ...Object.entries(s.rows).map(([table, n]) => `${table}: ${n} rows`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  });
