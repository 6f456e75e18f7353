import type { Command } from 'commander';
import type { StoreGrantOptions, StoreOptions } from '../store/run-store.js';

const storeOptions = (c: Command): Command =>
  c
    .option('--store <url>', 'the PostgreSQL store, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE)')
    .option('--tenant <name>', 'whose memory (env ENGRAM_TENANT, default "default")')
    .option('--json', 'print one JSON object');

/** `engram store ...`: the shared PostgreSQL store's schema (files, the default, need none of this). */
export const registerStore = (program: Command): void => {
  const store = program.command('store').description('the shared PostgreSQL store: schema migrations, status and tenant roles (exit 2 bad settings, 3 unreachable)');
  storeOptions(store.command('migrate').description('apply the schema migrations the database lacks (safe to run from many processes at once)')).action(async (opts: StoreOptions) => {
    process.exitCode = await (await import('../store/run-store.js')).runStoreMigrate(opts);
  });
  storeOptions(store.command('status').description('schema version, tenant isolation and this tenant\'s row counts; changes nothing')).action(async (opts: StoreOptions) => {
    process.exitCode = await (await import('../store/run-store.js')).runStoreStatus(opts);
  });
  store
    .command('grant')
    .description("create a login role that reaches only one tenant's rows, whatever tenant its client names (run on an admin connection)")
    .requiredOption('--tenant <name>', 'the tenant the role belongs to')
    .option('--role <name>', 'the role to create (default engram_<tenant>)')
    .option('--password-file <file>', 'give the role a random password, written to this new file (mode 600, pgpass format); without it the role has none')
    .option('--store <url>', 'the admin connection, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE)')
    .option('--json', 'print one JSON object')
    .action(async (opts: StoreGrantOptions) => {
      process.exitCode = await (await import('../store/run-store-grant.js')).runStoreGrant(opts);
    });
};
