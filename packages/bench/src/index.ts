/**
 * @engram/bench: the benchmark suites `engram bench SUITE` runs (bus, log, acc, memory, episodes,
 * context, replay, sim, postgres (on a throwaway local server), and cli, which times the `engram` launcher it is given). Each suite is
 * imported only when it runs and resolves to one JSON report `{ suite, machine, results: [{ name,
 * n, seconds, perSecond, ... }] }`, so runs compare side by side. Suites write only to temporary folders they remove; speed targets live here, never in tests.
 */
export { benchSuites, runBenchSuite } from './suites.js';
export { machineInfo, measure, percentile, round, type BenchOptions, type BenchReport, type BenchResult } from './bench-report.js';
