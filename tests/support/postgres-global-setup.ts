import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// By path, not by package name: vitest loads a global set-up without the `@engram/source`
// condition, so the package name would resolve to the last build.
import { SHARED_TEST_POSTGRES_ENV, stopSharedTestPostgres } from '../../packages/store-postgres/src/testing/effects/start-test-postgres.js';

/**
 * One PostgreSQL server per test run instead of one per suite: the folder is named here and
 * inherited by every worker; the first suite that needs PostgreSQL starts the server in it (so a
 * run without such a suite pays nothing), and the teardown stops it.
 */
export default function setup(): () => void {
  const shared = mkdtempSync(join(tmpdir(), 'engram-pg-run-'));
  process.env[SHARED_TEST_POSTGRES_ENV] = shared;
  return () => stopSharedTestPostgres(shared);
}
