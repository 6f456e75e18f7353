import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/support/longest-first-sequencer.js';

/**
 * One root config. The tests beside the code run on the TypeScript sources through the
 * `@engram/source` export condition, so no build is needed; the cross-package suites under tests/
 * spawn and import the built JavaScript, which `npm test` builds first.
 */
const source = { resolve: { conditions: ['@engram/source'] }, ssr: { resolve: { conditions: ['@engram/source'] } } };

/**
 * Workers: one per core (vitest's default, one fewer than the cores, is a single worker on 2
 * cores), since the suites spend much of their time waiting on the CLI, PostgreSQL, Chromium and
 * tmux they spawn. A third worker on 2 cores made the CPU-bound property suites run past their
 * 30 s hang guard. ENGRAM_TEST_WORKERS overrides it (`npm test` gives the CLI suites three, in
 * a vitest run of their own: scripts/test.mjs).
 */
const WORKERS = Number(process.env['ENGRAM_TEST_WORKERS'] ?? '') || availableParallelism();

/**
 * Suites that load every CPU on purpose run alone, after the rest: the demo-under-load suite starts
 * busy competitors on each core, and a timing-bound suite beside it (the demo's own, whose cell
 * limits grow with the load it measures) timed out. Alone, each sees only the load it makes.
 */
const LOADS_THE_MACHINE = ['tests/cli/demo-under-load.e2e.test.ts'];

/**
 * Module isolation off: a worker imports each module once and every test file it runs shares it,
 * instead of importing the sources again for each of ~450 files (that import was the largest cost
 * of the unit project: 445 s of import against 68 s, 684 s against 191 s in all, side by side on
 * this 2-core machine). The suites use no module mocks, and a test that sets an environment
 * variable restores it; state a test leaves in a module would show up here as an order-dependent
 * failure, and such a suite would get `isolate: true` of its own.
 */
const ISOLATE = false;

/**
 * The cross-package suites import the packages' built JavaScript, natively, as the CLI they spawn
 * does: they run after `npm test`'s build, and importing the sources through vitest's transform
 * cost each of their three workers its own TypeScript transform of every package (transform 25 s,
 * import 66 s in a clean-clone run; on a sample of suites, side by side, transform 8.0 -> 1.1 s and
 * import 13.4 -> 8.3 s). The unit project beside the code keeps the sources: it runs with the build.
 */
const built = { server: { deps: { external: [/\/packages\/.+\/dist\//, /\/apps\/cli\/dist\//] } } };

/** One project: its files, its modules (the sources, or the build), and the options of its own (timeouts, exclusions, group and workers). */
const project = (name: string, include: string[], modules: 'sources' | 'built', own: Record<string, unknown> & { exclude?: string[] }) => ({
  ...(modules === 'sources' ? source : {}),
  test: {
    ...(modules === 'built' ? built : {}),
    name,
    setupFiles: ['tests/support/fast-check-setup.ts', 'tests/support/test-env.ts'],
    isolate: ISOLATE,
    include,
    ...own,
    exclude: ['**/node_modules/**', '**/dist/**', ...(own.exclude ?? [])],
  },
});

/** Hang guards, not speed targets: on a loaded 2-core machine vitest's 5 s default failed real cells and processes spuriously. */
const E2E_TIMEOUTS = { testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  ...source,
  test: {
    maxWorkers: WORKERS,
    // The longest CLI suites first, so the run's end does not wait on one of them (tests/support/longest-first-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    // One PostgreSQL server per run, a database per suite (started by the first suite needing it).
    globalSetup: ['tests/support/postgres-global-setup.ts'],
    projects: [
      project('packages', ['packages/**/src/**/*.test.ts', 'apps/**/src/**/*.test.ts'], 'sources', { testTimeout: 30_000, sequence: { groupOrder: 0 } }),
      project('tests', ['tests/**/*.test.ts'], 'built', { ...E2E_TIMEOUTS, exclude: LOADS_THE_MACHINE, sequence: { groupOrder: 0 } }),
      project('alone', LOADS_THE_MACHINE, 'built', { ...E2E_TIMEOUTS, maxWorkers: 1, sequence: { groupOrder: 1 } }),
    ],
  },
});
