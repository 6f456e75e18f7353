import { describe, expect, it } from 'vitest';
import { openPostgres } from './open-postgres.js';

/**
 * What `openPostgres` throws is read by its tag and reason (the CLI's exit codes, docs/errors.md):
 * a tenant engram will not use is a refusal (exit 2), a server that cannot be reached is
 * `unreachable` (exit 3). Neither needs a server: port 1 on 127.0.0.1 refuses every connection.
 */
describe('openPostgres: tagged errors', () => {
  it('a bad tenant name is a StoreRefusal (bad-tenant) before any connection', async () => {
    const err = await openPostgres({ url: 'postgres://u@127.0.0.1:1/db', tenant: "a' OR 1=1" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ _tag: 'StoreRefusal', reason: 'bad-tenant' });
    expect(String((err as Error).message)).toMatch(/tenant/);
  });

  it('a server that refuses the connection is a PostgresOpenError (unreachable) naming the URL without its password', async () => {
    const err = await openPostgres({ url: 'postgres://u:sekret@127.0.0.1:1/db', tenant: 'acme', poolWaitMs: 2_000 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ _tag: 'PostgresOpenError', reason: 'unreachable' });
    expect((err as Error).message).toContain('127.0.0.1:1/db');
    expect((err as Error).message).not.toContain('sekret');
  });
});
