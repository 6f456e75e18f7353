import type { StoreGrantOptions, StoreOptions } from '../store/run-store.js';
import type { CommandSpec } from './command-spec.js';
import { JSON_OUT, STORES, opt, required } from './shared-options.js';

const store = () => import('../store/run-store.js');

/** `engram store ...`: the shared PostgreSQL store's schema (files, the default, need none of this). */
export const storeCommand: CommandSpec = {
  name: 'store',
  description: 'the shared PostgreSQL store: schema migrations, status and tenant roles (exit 2 bad settings, 3 unreachable)',
  commands: [
    { name: 'migrate', description: 'apply the schema migrations the database lacks (safe to run from many processes at once)', options: [...STORES, JSON_OUT], run: async (o: StoreOptions) => (await store()).runStoreMigrate(o) },
    { name: 'status', description: "schema version, tenant isolation and this tenant's row counts; changes nothing", options: [...STORES, JSON_OUT], run: async (o: StoreOptions) => (await store()).runStoreStatus(o) },
    { name: 'grant', description: "create a login role that reaches only one tenant's rows, whatever tenant its client names (run on an admin connection)",
      options: [
        required('--tenant <name>', 'the tenant the role belongs to'),
        opt('--role <name>', 'the role to create (default engram_<tenant>)'),
        opt('--password-file <file>', 'give the role a random password, written to this new file (mode 600, pgpass format); without it the role has none'),
        opt('--store <url>', 'the admin connection, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE)'),
        JSON_OUT,
      ],
      run: async (o: StoreGrantOptions) => (await import('../store/run-store-grant.js')).runStoreGrant(o) },
  ],
};
