import { tenantProblem } from '@engram/store-postgres/settings';
import type { Exit, StoreGrantOptions } from './run-store.js';
import { adminSettings } from './run-store.js';
import { exitCodeOf } from '../exit/exit-code-of.js';

/**
 * `engram store grant --tenant NAME`: the tenant's own login role (`grantTenantLogin`) on the
 * admin connection, and how to connect: the URL without a password, and where the password went
 * (`--password-file`, never printed). The admin connection may be a superuser: granting is what it
 * is for, so it is not refused here.
 */
export const runStoreGrant = async (opts: StoreGrantOptions): Promise<Exit> => {
  const fail = (exit: Exit, message: string): Exit => {
    process.stderr.write(`engram store grant: ${message}\n`);
    return exit;
  };
  const bad = tenantProblem(opts.tenant);
  if (bad !== null) return fail(2, `--tenant: ${bad}`);
  // The admin connection names no tenant of its own: ENGRAM_TENANT is not read.
  const { ENGRAM_TENANT: _tenant, ...env } = process.env;
  const s = adminSettings({ ...(opts.store === undefined ? {} : { store: opts.store }) }, 'no store is configured: give --store postgres://ADMIN@HOST:PORT/DB or set ENGRAM_STORE to an admin connection', env);
  if ('problem' in s) return fail(2, s.problem);
  const { openActivePostgres } = await import('@engram/runtime');
  const { grantTenantLogin, storeText } = await import('@engram/store-postgres');
  const open = async () => {
    const opened = await openActivePostgres(s, true, true);
    if ('error' in opened) throw opened.error;
    return opened.db;
  };
  try {
    const g = await grantTenantLogin(open, { adminUrl: s.url, tenant: opts.tenant, ...(opts.role === undefined ? {} : { role: opts.role }), ...(opts.passwordFile === undefined ? {} : { passwordFile: opts.passwordFile }) });
    if (opts.json) process.stdout.write(`${JSON.stringify({ role: g.role, tenant: g.tenant, created: g.created, url: g.url, passwordFile: g.passwordFile })}\n`);
    else process.stdout.write(storeText.grant(g));
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return fail(exitCodeOf(err), message);
  }
};
