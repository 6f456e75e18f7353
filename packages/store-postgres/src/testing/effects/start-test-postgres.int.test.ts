import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SHARED_TEST_POSTGRES_ENV, startTestPostgres, stopSharedTestPostgres } from './start-test-postgres.js';

const installed = existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(join('/usr/lib/postgresql', v, 'bin', 'pg_ctl')));

const connects = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

describe.skipIf(!installed)(`one PostgreSQL server per test run${installed ? '' : ' (skipped: PostgreSQL is not installed)'}`, () => {
  // A run of its own (this file's folder, not the one the global set-up named), so the test sees its start.
  const shared = mkdtempSync(join(tmpdir(), 'engram-pg-shared-test-'));
  const before = process.env[SHARED_TEST_POSTGRES_ENV];
  afterAll(() => {
    if (before === undefined) delete process.env[SHARED_TEST_POSTGRES_ENV];
    else process.env[SHARED_TEST_POSTGRES_ENV] = before;
    stopSharedTestPostgres(shared);
  });

  it('starts one server for suites that ask at once, gives each suite databases of its own, drops them on stop, and refuses a restart', { timeout: 120_000 }, async () => {
    process.env[SHARED_TEST_POSTGRES_ENV] = shared;
    const suites = await Promise.all([startTestPostgres(), startTestPostgres(), startTestPostgres()]);
    const pgs = suites.map((s) => (s.ok ? s.pg : expect.fail(s.reason)));
    expect(new Set(pgs.map((p) => p.port)).size).toBe(1);
    // One initdb: the lock let one suite start it, the others waited for its port.
    expect(readdirSync(shared).sort()).toEqual(['lock', 'server', 'server.json']);

    const [a, b] = [pgs[0]!.createDatabase('same_name'), pgs[1]!.createDatabase('same_name')];
    expect(a).not.toBe(b);
    expect([await connects(a), await connects(b)]).toEqual([true, true]);

    expect(() => pgs[2]!.restart()).toThrow(/startTestPostgres\(\{ own: true \}\)/);
    pgs[0]!.stop();
    // Suite 0's database is gone; suite 1's and the server are not.
    expect([await connects(a), await connects(b)]).toEqual([false, true]);
    for (const p of pgs.slice(1)) p.stop();

    // The run's teardown stops the server and removes its folder.
    stopSharedTestPostgres(shared);
    expect(existsSync(shared)).toBe(false);
    expect(await connects(b)).toBe(false);
  });
});
