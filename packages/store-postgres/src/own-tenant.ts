/**
 * The condition every statement puts in its own WHERE (or join): rows of the connection's tenant
 * (`engram.tenant`, set on every connection of the pool). Row-level security says the same, but a
 * superuser or a BYPASSRLS role skips the policies, so the queries never rely on them alone. Not
 * `missing_ok`: a connection without a tenant fails rather than matching nothing silently.
 */
export const ownTenant = (alias?: string): string => `${alias === undefined ? '' : `${alias}.`}tenant = current_setting('engram.tenant')`;
