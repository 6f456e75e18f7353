import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { machineInfo, round, type BenchReport, type BenchOptions, percentile } from './bench-report.js';

const RUNS = 20;
const BIN = fileURLToPath(new URL('../../bin/engram.js', import.meta.url));

/** `engram bench cli`: start-up time of the built CLI (hooks start it once per tool call). */
export const cliBench = (opts: BenchOptions): Promise<BenchReport> => {
  const runs = Math.max(3, Math.round(RUNS * opts.scale));
  const times: number[] = [];
  for (const args of [['--version'], ['log', '--help']]) {
    for (let i = 0; i < runs; i++) {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [BIN, ...args], { stdio: 'ignore' });
      if (r.status !== 0) throw new Error(`cli bench: engram ${args.join(' ')} exited ${r.status}`);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      opts.progress(`cli: ${times.length} of ${runs * 2}`);
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  const seconds = times.reduce((a, b) => a + b, 0) / 1000;
  return Promise.resolve({
    suite: 'cli',
    machine: machineInfo(),
    results: [
      {
        name: 'start-up (engram --version, engram log --help)',
        n: times.length,
        seconds: round(seconds, 3),
        perSecond: round(times.length / seconds, 1),
        p50Ms: round(percentile(sorted, 0.5), 1),
        p95Ms: round(percentile(sorted, 0.95), 1),
        maxMs: round(sorted.at(-1) ?? 0, 1),
      },
    ],
  });
};
