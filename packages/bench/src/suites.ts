import type { BenchOptions, BenchReport } from './bench-report.js';

export type { BenchOptions } from './bench-report.js';

/** Bench suites by name; each is imported only when it runs. One line per suite. */
export const benchSuites: Record<string, () => Promise<(opts: BenchOptions) => Promise<BenchReport>>> = {
  bus: async () => (await import('./bus-bench.js')).busBench,
  log: async () => (await import('./log-bench.js')).logBench,
  acc: async () => (await import('./acc-bench.js')).accBench,
  memory: async () => (await import('./memory-bench.js')).memoryStoreBench,
  episodes: async () => (await import('./episodes-bench.js')).episodeRecallBench,
  replay: async () => (await import('./replay-bench.js')).replayBench,
  context: async () => (await import('./context-bench.js')).contextBench,
  sim: async () => (await import('./sim-bench.js')).simBench,
  cli: async () => (await import('./cli-bench.js')).cliBench,
  scrub: async () => (await import('./scrub-bench.js')).scrubBench,
  instincts: async () => (await import('./instincts-bench.js')).instinctsBench,
  postgres: async () => (await import('./postgres-bench.js')).postgresBench,
  trajectories: async () => (await import('./trajectories-bench.js')).trajectoriesBench,
};
