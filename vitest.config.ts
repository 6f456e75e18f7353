import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One root config. Tests run on the TypeScript sources through the `@engram/source` export
 * condition, so no build is needed; e2e suites that spawn the CLI use the built JavaScript,
 * which `npm test` builds first.
 */
const source = { resolve: { conditions: ['@engram/source'] }, ssr: { resolve: { conditions: ['@engram/source'] } } };

/**
 * Workers. On a developer's machine, one per core: the suites spend much of their time waiting on
 * the CLI, PostgreSQL, Chromium and tmux they spawn (vitest's default, one fewer than the cores, is
 * a single worker on 2 cores). A third worker on 2 cores made the CPU-bound property suites run past
 * their 30 s hang guard. In CI (CI=true, as .ci/run sets), one worker: the demo-under-load suite
 * loads every CPU on purpose, and a timing-bound suite that ran beside it in the other worker
 * (the demo's own, whose cell limits grow with the load) timed out; run alone, each suite sees
 * only the load it makes. ENGRAM_TEST_WORKERS overrides both.
 */
const WORKERS = Number(process.env['ENGRAM_TEST_WORKERS'] ?? '') || (process.env['CI'] === 'true' ? 1 : availableParallelism());

export default defineConfig({
  ...source,
  test: {
    maxWorkers: WORKERS,
    // One PostgreSQL server per run, a database per suite (started by the first suite needing it).
    globalSetup: ['tests/support/postgres-global-setup.ts'],
    projects: [
      {
        ...source,
        test: {
          name: 'packages',
          setupFiles: ['tests/support/fast-check-setup.ts', 'tests/support/test-env.ts'],
          include: ['packages/**/src/**/*.test.ts', 'apps/**/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          // A hang guard, not a speed target: integration tests beside the code run real cells and
          // processes, and on a loaded 2-core machine vitest's 5 s default failed them spuriously.
          testTimeout: 30_000,
        },
      },
      {
        ...source,
        test: {
          name: 'tests',
          setupFiles: ['tests/support/fast-check-setup.ts', 'tests/support/test-env.ts'],
          include: ['tests/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
