import { fileURLToPath } from 'node:url';
import type { CommandSpec } from './command-spec.js';
import { numberOption, opt } from './shared-options.js';

/** Up to ten times the full workload: more would run for hours on this machine size. */
const scale = numberOption({ kind: 'decimal', min: 0, max: 10, minExclusive: true });
/** The first N items of a data set (sessions, questions): a quick run. */
const limit = numberOption({ kind: 'integer', min: 1, max: 10_000_000 });

/** `engram bench SUITE --json`: performance is measured here, never in timed tests. */
export const benchCommand: CommandSpec = {
  name: 'bench',
  description: 'run a benchmark suite and print one JSON object { suite, machine, results: [{ name, n, seconds, perSecond, ... }] }',
  args: [
    ['<suite>', 'bus | log (and the suites later issues add)'],
    ['[path]', 'the data set a suite reads (recall: LoCoMo conversations, docs/recall-bench.md; trajectories: a sessions.jsonl or .jsonl.gz file, docs/trajectories-bench.md)'],
  ],
  options: [
    opt('--json', 'print only the JSON object (the default output is JSON too; this keeps stderr quiet)'),
    opt('--surface <name>', 'recall: mcp-recall | memory-context | bm25 | all (default), or a comma-separated list'),
    opt('--scale <x>', 'run a fraction (or multiple) of the full workload, e.g. 0.01 for a smoke run', scale, 1),
    opt('--limit <n>', "read only the first N items of the suite's data set (sessions, questions)", limit),
    opt('--sessions <half>', 'trajectories: replay only the runs of odd or even start order (odd | even), to tune on one half and report the other'),
  ],
  run: async (opts: { json?: boolean; scale: number; surface?: string; limit?: number; sessions?: string }, suite: string, path: string | undefined) => {
    const [{ runBenchSuite }, { progress }] = await Promise.all([import('@engram/bench'), import('../output/progress.js')]);
    const bar = progress(!opts.json && process.stderr.isTTY === true);
    const { limit, surface, sessions } = opts;
    const cliBin = fileURLToPath(new URL('../../bin/engram.js', import.meta.url));
    const cliCommand = fileURLToPath(new URL('../../bin/engram', import.meta.url));
    const r = await runBenchSuite(suite, { scale: opts.scale, progress: (m) => bar.update(m), cliBin, cliCommand, runtime: () => import('@engram/runtime'), ...(path === undefined ? {} : { path }), ...(surface === undefined ? {} : { surface }), ...(limit === undefined ? {} : { limit }), ...(sessions === undefined ? {} : { sessions }) }).finally(() => bar.done());
    if ('problem' in r) {
      // A missing or bad data set (no path, a line that fails its check): the message names the file, line and field.
      process.stderr.write(`engram bench${r.problem.suite === null ? '' : ` ${r.problem.suite}`}: ${r.problem.message}\n`);
      return 2;
    }
    process.stdout.write(`${JSON.stringify(r.report, null, opts.json ? undefined : 2)}\n`);
    return undefined;
  },
};
