import { randomBytes } from 'node:crypto';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { redactUrl, tenantProblem } from '@engram/store-postgres/settings';
import { activeStore, openActivePostgres } from './active-store.js';
import type { Exit, StoreGrantOptions } from './run-store.js';

/** Random bytes of a granted role's password (base64url: 43 characters, nothing to escape in pgpass). */
const PASSWORD_BYTES = 32;

/** A pgpass field: `:` and `\` escaped as libpq reads them. */
const pgpassField = (s: string): string => s.replace(/[\\:]/g, (c) => `\\${c}`);

/** The URL a tenant role connects with: the admin URL's server and database, the role as user, no password. */
const roleUrl = (adminUrl: string, role: string): URL => {
  const u = new URL(adminUrl);
  u.username = role;
  u.password = '';
  return u;
};

/**
 * `engram store grant --tenant NAME`: creates (or brings up to date) the tenant's own login role on
 * the admin connection and prints how to connect: the URL without a password, and where the
 * password went (`--password-file`, a new file of mode 600 in pgpass format, never printed).
 * The admin connection may be a superuser: granting is what it is for, so it is not refused here.
 */
export const runStoreGrant = async (opts: StoreGrantOptions): Promise<Exit> => {
  const fail = (exit: Exit, message: string): Exit => {
    process.stderr.write(`engram store grant: ${message}\n`);
    return exit;
  };
  const bad = tenantProblem(opts.tenant);
  if (bad !== null) return fail(2, `--tenant: ${bad}`);
  const s = activeStore({ ...(opts.store === undefined ? {} : { store: opts.store }), tenant: 'default' });
  if (s.kind === 'files') return fail(2, 'no store is configured: give --store postgres://ADMIN@HOST:PORT/DB or set ENGRAM_STORE to an admin connection');
  if (s.kind === 'problem') return fail(2, s.problem);
  // The file first, created exclusively (never over an existing file, never through a symlink), so a bad path fails before any role exists.
  let fd: number | null = null;
  if (opts.passwordFile !== undefined) {
    try {
      fd = openSync(opts.passwordFile, 'wx', 0o600);
    } catch (err) {
      return fail(2, `--password-file ${opts.passwordFile}: ${(err as NodeJS.ErrnoException).code === 'EEXIST' ? 'already exists (engram never overwrites a password file)' : err instanceof Error ? err.message : String(err)}`);
    }
  }
  const dropFile = () => {
    if (fd === null || opts.passwordFile === undefined) return;
    closeSync(fd);
    fd = null;
    rmSync(opts.passwordFile, { force: true });
  };
  const opened = await openActivePostgres(s, true, true);
  if ('exit' in opened) {
    dropFile();
    return fail(opened.exit, opened.message);
  }
  const { db } = opened;
  const { grantTenantRole, StoreRefusal } = await import('@engram/store-postgres');
  try {
    const password = fd === null ? undefined : randomBytes(PASSWORD_BYTES).toString('base64url');
    const grant = await grantTenantRole(db, { tenant: opts.tenant, ...(opts.role === undefined ? {} : { role: opts.role }), ...(password === undefined ? {} : { password }) });
    const url = roleUrl(s.url, grant.role);
    let passwordFile: string | null = null;
    if (fd !== null && opts.passwordFile !== undefined && password !== undefined && grant.created) {
      const database = decodeURIComponent(url.pathname.slice(1));
      writeSync(fd, `${[url.hostname, url.port || '5432', database, grant.role, password].map(pgpassField).join(':')}\n`);
      closeSync(fd);
      fd = null;
      passwordFile = opts.passwordFile;
    } else dropFile();
    const shown = redactUrl(url.toString());
    if (opts.json) process.stdout.write(`${JSON.stringify({ role: grant.role, tenant: grant.tenant, created: grant.created, url: shown, passwordFile })}\n`);
    else {
      const lines = [
        `${grant.created ? 'created' : 'updated'} role ${grant.role} for tenant ${grant.tenant} on ${db.where}: it reaches only ${grant.tenant}'s rows, whatever tenant its client names`,
        `connect: ENGRAM_STORE=${shown} ENGRAM_TENANT=${grant.tenant}`,
        passwordFile !== null
          ? `password: in ${passwordFile} (pgpass format, mode 600): set PGPASSFILE=${passwordFile} or append its line to ~/.pgpass; it is printed nowhere`
          : grant.created
            ? 'password: none set; the role logs in by the server\'s other methods (peer, certificate), or an admin sets one (ALTER ROLE ... PASSWORD)'
            : 'password: unchanged (the role already existed)',
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return 0;
  } catch (err) {
    dropFile();
    const message = err instanceof Error ? err.message : String(err);
    return fail(err instanceof StoreRefusal ? 2 : 1, err instanceof StoreRefusal ? message : `${db.where}: ${message}`);
  } finally {
    await db.close();
  }
};
