import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One root config. Tests run on the TypeScript sources through the `@engram/source` export
 * condition, so no build is needed; e2e suites that spawn the CLI use the built JavaScript,
 * which `npm test` builds first.
 */
const source = { resolve: { conditions: ['@engram/source'] }, ssr: { resolve: { conditions: ['@engram/source'] } } };

/**
 * vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, idle
 * while the suites wait on the CLI, PostgreSQL, Chromium and tmux they spawn. One worker per core:
 * a third worker on 2 cores made the CPU-bound property suites beside the code run past their
 * 30 s hang guard on a loaded machine. ENGRAM_TEST_WORKERS overrides it.
 */
const WORKERS = Number(process.env['ENGRAM_TEST_WORKERS'] ?? '') || availableParallelism();

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
