import { InputError } from '@engram/kernel';
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
  recall: async () => (await import('./recall/recall-bench.js')).recallBench,
  'recall-scale': async () => (await import('./recall/recall-scale-bench.js')).recallScaleBench,
  postgres: async () => (await import('./postgres-bench.js')).postgresBench,
  trajectories: async () => (await import('./trajectories-bench.js')).trajectoriesBench,
};

/**
 * Runs one suite by name. A name no suite has, or a data set that fails its check (an
 * `InputError` naming the file, line and field), is a usage problem the caller reports (exit 2);
 * anything else throws.
 */
export const runBenchSuite = async (suite: string, opts: BenchOptions): Promise<{ readonly report: BenchReport } | { readonly problem: { readonly suite: string | null; readonly message: string } }> => {
  const load = benchSuites[suite];
  if (!load) return { problem: { suite: null, message: `unknown suite "${suite}"; known: ${Object.keys(benchSuites).join(', ')}` } };
  try {
    return { report: await (await load())(opts) };
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    return { problem: { suite, message: err.message } };
  }
};
