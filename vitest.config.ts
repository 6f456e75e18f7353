import { defineConfig } from 'vitest/config';

/**
 * One root config. Tests run on the TypeScript sources through the `@engram/source` export
 * condition, so no build is needed; e2e suites that spawn the CLI use the built JavaScript,
 * which `npm test` builds first.
 */
const source = { resolve: { conditions: ['@engram/source'] }, ssr: { resolve: { conditions: ['@engram/source'] } } };

export default defineConfig({
  ...source,
  test: {
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
