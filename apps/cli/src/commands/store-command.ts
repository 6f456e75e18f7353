import type { Command } from 'commander';
import type { StoreOptions } from '../store/run-store.js';

const storeOptions = (c: Command): Command =>
  c
    .option('--store <url>', 'the PostgreSQL store, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE)')
    .option('--tenant <name>', 'whose memory (env ENGRAM_TENANT, default "default")')
    .option('--json', 'print one JSON object');

/** `engram store ...`: the shared PostgreSQL store's schema (files, the default, need none of this). */
export const registerStore = (program: Command): void => {
  const store = program.command('store').description('the shared PostgreSQL store: schema migrations and status (exit 2 bad settings, 3 unreachable)');
  storeOptions(store.command('migrate').description('apply the schema migrations the database lacks (safe to run from many processes at once)')).action(async (opts: StoreOptions) => {
    process.exitCode = await (await import('../store/run-store.js')).runStoreMigrate(opts);
  });
  storeOptions(store.command('status').description('schema version, tenant isolation and this tenant\'s row counts; changes nothing')).action(async (opts: StoreOptions) => {
    process.exitCode = await (await import('../store/run-store.js')).runStoreStatus(opts);
  });
};
