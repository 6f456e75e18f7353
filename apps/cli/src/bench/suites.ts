import type { BenchReport } from './bench-report.js';

export interface BenchOptions {
  /** Scale factor for quick runs (1 = the full suite as specified). */
  readonly scale: number;
  /** Reports progress; silent unless stderr is a TTY and --json is not set. */
  readonly progress: (message: string) => void;
}

/** Bench suites by name; each is imported only when it runs. One line per suite. */
export const benchSuites: Record<string, () => Promise<(opts: BenchOptions) => Promise<BenchReport>>> = {
  bus: async () => (await import('./bus-bench.js')).busBench,
  log: async () => (await import('./log-bench.js')).logBench,
  cli: async () => (await import('./cli-bench.js')).cliBench,
};
