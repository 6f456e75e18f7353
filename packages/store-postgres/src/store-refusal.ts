import { TaggedError } from '@engram/kernel';

/**
 * Which refusal: a bad tenant or role name, an admin command on a tenant role, a role that
 * bypasses row-level security (a superuser) or belongs to another tenant, a role engram did not grant.
 */
export type StoreRefusalReason = 'bad-tenant' | 'bad-role' | 'needs-admin' | 'bypasses-rls' | 'other-tenant' | 'foreign-role';

/**
 * The store was reached but engram will not use the connection as asked: a role that bypasses
 * row-level security without `--allow-unisolated`, or a tenant role naming another tenant. A
 * setting to change, not a failure of the server (the CLI's exit 2). The message is one line
 * naming the role and what to do.
 */
export class StoreRefusal extends TaggedError('StoreRefusal')<{ readonly reason: StoreRefusalReason; readonly message: string }> {}
