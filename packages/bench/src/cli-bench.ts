import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { machineInfo, round, type BenchReport, type BenchOptions, type BenchResult, percentile } from './bench-report.js';
import { benchWorld, interleaved, serveMemory, SERVE_MEMORY_CALLS, startBenchService, type BenchWorld } from './serve-bench.js';

const RUNS = 20;

const row = (name: string, times: readonly number[]): BenchResult => {
  const sorted = [...times].sort((a, b) => a - b);
  const seconds = times.reduce((a, b) => a + b, 0) / 1000;
  return {
    name,
    n: times.length,
    seconds: round(seconds, 3),
    perSecond: round(times.length / seconds, 1),
    p50Ms: round(percentile(sorted, 0.5), 1),
    p95Ms: round(percentile(sorted, 0.95), 1),
    maxMs: round(sorted.at(-1) ?? 0, 1),
  };
};

const hookRunner = (bin: string, w: BenchWorld, env: NodeJS.ProcessEnv) => {
  const common = { session_id: 'bench-hook-session', transcript_path: join(w.project, 'transcript.jsonl'), cwd: w.project, permission_mode: 'default' };
  return (name: string, payload: Record<string, unknown>): number => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [bin, 'hook', name], { input: JSON.stringify({ ...common, ...payload }), env: { ...w.env, ...env }, encoding: 'utf8' });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    // Hooks always exit 0 and report problems on stderr: a line there means the timed path was not the real one.
    if (r.status !== 0 || r.stderr !== '') throw new Error(`cli bench: engram hook ${name} exited ${r.status}: ${r.stderr.trim()}`);
    return ms;
  };
};

/** A session opened (session start, a prompt), then `engram hook pre-tool-use` as Claude Code runs it before every tool call. */
const preToolUse = (hook: ReturnType<typeof hookRunner>) => {
  hook('session-start', { hook_event_name: 'SessionStart', source: 'startup' });
  hook('user-prompt-submit', { hook_event_name: 'UserPromptSubmit', prompt: 'Build the project.' });
  let i = 0;
  return () => hook('pre-tool-use', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm run build' }, tool_use_id: `toolu_bench_${i++}` });
};

/** The hook in-process (ENGRAM_SERVE=0): a process that loads the runtime, resumes the session from its log and suspends it. */
const inProcessTimes = (bin: string, runs: number, progress: (message: string) => void): number[] => {
  const w = benchWorld('hook');
  try {
    const next = preToolUse(hookRunner(bin, w, { ENGRAM_SERVE: '0' }));
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      times.push(next());
      progress(`cli: in-process hook ${times.length} of ${runs}`);
    }
    return times;
  } finally {
    w.dispose();
  }
};

/** The hook as a client of a running `engram serve`, interleaved with `node -e 0`. */
const servedTimes = async (bin: string, runs: number, progress: (message: string) => void): Promise<{ readonly node: number[]; readonly command: number[] }> => {
  const w = benchWorld('serve-hook');
  const service = await startBenchService(bin, w);
  try {
    const next = preToolUse(hookRunner(bin, w, {}));
    for (let i = 0; i < 3; i++) next(); // the service's own first calls (JIT) are not what a session pays
    return interleaved(runs, next, progress);
  } finally {
    await service.stop();
    w.dispose();
  }
};

/**
 * `engram bench cli`: start-up time of the built CLI (`opts.cliBin`, its launcher): `engram
 * --version` beside `node -e 0` in the same run, and `engram log --help`; one
 * pre-tool-use hook (hooks start it once per tool call) through a running `engram serve`, beside
 * `node -e 0` in the same run, and in-process; and the service's memory after 100 and 10,000
 * hook requests. `targets` holds the issues' ratios (issues 25 and 26: start-up within 1.5x Node).
 */
export const cliBench = async (opts: BenchOptions): Promise<BenchReport> => {
  const bin = opts.cliBin;
  if (bin === undefined) throw new Error('cli bench: the engram launcher to time is not given (BenchOptions.cliBin)');
  const runs = Math.max(3, Math.round(RUNS * opts.scale));
  const spawnTimer = (args: readonly string[]) => (): number => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [bin, ...args], { stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`cli bench: engram ${args.join(' ')} exited ${r.status}`);
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  // Interleaved with `node -e 0` so that both see the same machine load.
  const version = interleaved(runs, spawnTimer(['--version']), opts.progress);
  const helpRun = spawnTimer(['log', '--help']);
  const help = Array.from({ length: runs }, helpRun);
  const served = await servedTimes(bin, runs * 2, opts.progress);
  const nodeRow = row('node -e 0 (bare Node start-up, interleaved with the served hook)', served.node);
  const servedRow = row('hook (engram hook pre-tool-use, through engram serve)', served.command);
  const inProcessRow = row('hook (engram hook pre-tool-use, in-process: ENGRAM_SERVE=0, resumed session)', inProcessTimes(bin, runs, opts.progress));
  const memory = await serveMemory(bin, Math.max(2 * 100, Math.round(SERVE_MEMORY_CALLS * opts.scale)), opts.progress);
  const ratio = round(Number(servedRow['p50Ms']) / Number(nodeRow['p50Ms']), 2);
  const versionNodeRow = row('node -e 0 (bare Node start-up, interleaved with engram --version)', version.node);
  const versionRow = row('engram --version', version.command);
  const versionRatio = round(Number(versionRow['p50Ms']) / Number(versionNodeRow['p50Ms']), 2);
  const inProcessRatio = round(Number(inProcessRow['p50Ms']) / Number(nodeRow['p50Ms']), 2);
  const rss = typeof memory['rssRatio'] === 'number' ? memory['rssRatio'] : Number.NaN;
  return {
    suite: 'cli',
    machine: machineInfo(),
    results: [versionNodeRow, versionRow, row('engram log --help (commander and every command group loaded)', help), nodeRow, servedRow, inProcessRow, memory],
    targets: {
      versionP50OverNodeP50: versionRatio,
      versionWithin1_5xNode: versionRatio <= 1.5,
      hookP50OverNodeP50: ratio,
      hookWithin2xNode: ratio <= 2,
      inProcessHookP50OverNodeP50: inProcessRatio,
      inProcessHookWithin1_5xNode: inProcessRatio <= 1.5,
      serveRssRatio: rss,
      serveRssWithin1_5x: rss <= 1.5,
    },
  };
};
