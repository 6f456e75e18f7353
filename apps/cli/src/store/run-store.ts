import { storeStatus, storeText, type PostgresDb } from '@engram/store-postgres';
import { openActivePostgres, storeSettings, StoreSettingError, type StoreSettings } from '@engram/runtime';
import { exitCodeOf } from '../exit/exit-code-of.js';

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
  if ('error' in opened) {
    process.stderr.write(`engram store: ${opened.error.message}\n`);
    return exitCodeOf(opened.error);
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
    else process.stdout.write(storeText.migrate(db.where, m));
  });

/** `engram store status`: schema version, tenant isolation and this tenant's row counts; changes nothing. */
export const runStoreStatus = (opts: StoreOptions): Promise<Exit> =>
  withStore(opts, false, async (db) => {
    const s = await storeStatus(db);
    process.stdout.write(opts.json ? `${JSON.stringify(s)}\n` : storeText.status(s));
  });
