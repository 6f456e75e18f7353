import { randomBytes } from 'node:crypto';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { StoreRefusal } from '../store-refusal.js';
import { redactUrl } from '../tenant-name.js';
import type { PostgresDb } from './open-postgres.js';
import { grantTenantRole } from './grant-tenant-role.js';
import { TaggedError } from '@engram/kernel';

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

/** The password file cannot be made (it exists, or its folder is wrong): a setting to change. */
export class PasswordFileError extends TaggedError('PasswordFileError')<{ readonly reason: 'exists' | 'cannot-write'; readonly file: string; readonly message: string }> {}

/** What `engram store grant` made: the role, how to connect (no password in it), where the password went. */
export interface TenantLogin {
  readonly role: string;
  readonly tenant: string;
  readonly created: boolean;
  /** The tenant role's URL, password redacted. */
  readonly url: string;
  readonly passwordFile: string | null;
  /** The admin connection's server, for messages. */
  readonly where: string;
}

/**
 * Creates (or brings up to date) a tenant's own login role on an admin connection (`open`), with
 * a random password written to `passwordFile` (pgpass format, mode 600, never printed). The file is
 * created first and exclusively (never over an existing file, never through a symlink), so a bad
 * path fails with a `PasswordFileError` before any role exists; it is removed again when the grant
 * fails or the role already existed. A failure other than a `StoreRefusal` names the server.
 */
export const grantTenantLogin = async (open: () => Promise<PostgresDb>, request: { readonly adminUrl: string; readonly tenant: string; readonly role?: string; readonly passwordFile?: string }): Promise<TenantLogin> => {
  let fd: number | null = null;
  if (request.passwordFile !== undefined) {
    try {
      fd = openSync(request.passwordFile, 'wx', 0o600);
    } catch (err) {
      const exists = (err as NodeJS.ErrnoException).code === 'EEXIST';
      throw new PasswordFileError({
        reason: exists ? 'exists' : 'cannot-write',
        file: request.passwordFile,
        message: `--password-file ${request.passwordFile}: ${exists ? 'already exists (engram never overwrites a password file)' : err instanceof Error ? err.message : String(err)}`,
      });
    }
  }
  const dropFile = () => {
    if (fd === null || request.passwordFile === undefined) return;
    closeSync(fd);
    fd = null;
    rmSync(request.passwordFile, { force: true });
  };
  let db: PostgresDb;
  try {
    db = await open();
  } catch (err) {
    dropFile();
    throw err;
  }
  try {
    const password = fd === null ? undefined : randomBytes(PASSWORD_BYTES).toString('base64url');
    const grant = await grantTenantRole(db, { tenant: request.tenant, ...(request.role === undefined ? {} : { role: request.role }), ...(password === undefined ? {} : { password }) });
    const url = roleUrl(request.adminUrl, grant.role);
    let passwordFile: string | null = null;
    if (fd !== null && request.passwordFile !== undefined && password !== undefined && grant.created) {
      const database = decodeURIComponent(url.pathname.slice(1));
      writeSync(fd, `${[url.hostname, url.port || '5432', database, grant.role, password].map(pgpassField).join(':')}\n`);
      closeSync(fd);
      fd = null;
      passwordFile = request.passwordFile;
    } else dropFile();
    return { role: grant.role, tenant: grant.tenant, created: grant.created, url: redactUrl(url.toString()), passwordFile, where: db.where };
  } catch (err) {
    dropFile();
    if (err instanceof StoreRefusal) throw err;
    throw new Error(`${db.where}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  } finally {
    await db.close();
  }
};
