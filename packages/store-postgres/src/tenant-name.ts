/** A tenant name: letters, digits, `_ . -`, starting with a letter or digit, at most 40 characters (it names a notification channel, which PostgreSQL caps at 63 bytes). */
const TENANT = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

/** The tenant as given, or an error message naming the rule (it travels in a connection option, so it must need no quoting). */
export const tenantProblem = (tenant: string): string | null =>
  TENANT.test(tenant) ? null : `tenant ${JSON.stringify(tenant.slice(0, 80))} is not allowed: use 1-40 of A-Z a-z 0-9 _ . - starting with a letter or digit`;

/** A connection URL with its password replaced, for messages and status output. */
export const redactUrl = (url: string): string => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<unparsable store URL>';
  }
};
