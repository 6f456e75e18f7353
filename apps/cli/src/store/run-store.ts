import { storeStatus, type PostgresDb } from '@engram/store-postgres';
import { activeStore, openActivePostgres } from './active-store.js';

export interface StoreOptions {
  readonly store?: string;
  readonly tenant?: string;
  readonly json?: boolean;
}

/** Exit codes: 0 done, 1 failed, 2 bad settings, 3 the store is unreachable (like an unreachable model). */
type Exit = 0 | 1 | 2 | 3;

const settings = (opts: StoreOptions): { url: string; tenant: string } | { problem: string } => {
  const s = activeStore(opts);
  if (s.kind === 'files') return { problem: 'no store is configured (files are the default and need no migration): give --store postgres://USER@HOST:PORT/DB or set ENGRAM_STORE' };
  return s.kind === 'problem' ? { problem: s.problem } : s;
};

const withStore = async (opts: StoreOptions, migrate: boolean, f: (db: PostgresDb) => Promise<void> | void): Promise<Exit> => {
  const s = settings(opts);
  if ('problem' in s) {
    process.stderr.write(`engram store: ${s.problem}\n`);
    return 2;
  }
  const opened = await openActivePostgres(s, migrate);
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
