import { afterAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../testing/effects/start-test-postgres.js';
import { holdSessionLease } from './hold-session-lease.js';
import { openPostgres } from './open-postgres.js';

const started = await startTestPostgres();
afterAll(() => (started.ok ? started.pg.stop() : undefined));
const S = '20261124_190000_c4a7';

/** A hang guard for a database, three pools migrating it and a killed backend, beside the build: the unit project's 30 s ran out once in a clean-clone run. */
const LEASE_TEST_MS = 120_000;
/**
 * How long pg_terminate_backend waits for a killed holder to be gone (PostgreSQL 14+): without
 * a wait it only signals the backend, whose lock goes when it exits, later on a loaded machine.
 */
const TERMINATED_WITHIN_MS = 20_000;

describe.skipIf(!started.ok)(`session leases on PostgreSQL${started.ok ? '' : ` (skipped: ${started.reason})`}`, { timeout: LEASE_TEST_MS }, () => {
  it('one holder per session and tenant across pools (two hosts); released, or freed when the holder\'s connections die', async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('session_lease');
    const hostA = await openPostgres({ url, tenant: 'acme' });
    const hostB = await openPostgres({ url, tenant: 'acme' });
    const otherTenant = await openPostgres({ url, tenant: 'globex' });
    // Every lease taken, let go in `finally` too: a pool never ends while a client is checked out, so a failed expect would otherwise hang the test until its timeout and hide what failed.
    const leases: (() => Promise<void>)[] = [];
    const hold = async (db: typeof hostA, session: string) => {
      const lease = await holdSessionLease(db, session);
      if (typeof lease === 'function') leases.push(lease);
      return lease;
    };
    try {
      const held = await hold(hostA, S);
      expect(held).toBeTypeOf('function');
      expect(await hold(hostB, S)).toBe('taken');
      // The holder itself cannot take it twice either (a second chat in the same process).
      expect(await hold(hostA, S)).toBe('taken');
      // Another session, and the same id in another tenant, are free.
      const other = await hold(hostB, '20261124_190000_c4a8');
      const theirs = await hold(otherTenant, S);
      expect([typeof other, typeof theirs]).toEqual(['function', 'function']);
      if (typeof held !== 'function' || typeof other !== 'function' || typeof theirs !== 'function') return;
      await held();
      await held(); // twice is harmless
      const next = await hold(hostB, S);
      expect(next).toBeTypeOf('function');
      // A holder whose connection dies (a killed host) frees the session at once.
      const holders = await hostA.pool.query<{ pid: number }>("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 1667785076 AND granted AND pid <> pg_backend_pid()");
      expect(holders.rows.length).toBeGreaterThan(0);
      for (const { pid } of holders.rows) {
        const gone = await hostA.pool.query<{ gone: boolean }>('SELECT pg_terminate_backend($1, $2) AS gone', [pid, TERMINATED_WITHIN_MS]);
        expect(gone.rows[0]?.gone).toBe(true);
      }
      const after = await hold(hostA, S);
      expect(after).toBeTypeOf('function');
      if (typeof after === 'function') await after();
      // Letting go on a dead connection is quiet: the lock went with it.
      if (typeof next === 'function') await next();
      await other();
      await theirs();
    } finally {
      for (const lease of leases) await lease();
      await Promise.all([hostA.close(), hostB.close(), otherTenant.close()]);
    }
  });
});
