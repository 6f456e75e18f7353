import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineInfo, round, type BenchReport, type BenchOptions, type BenchResult, percentile } from './bench-report.js';

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

/**
 * `engram hook pre-tool-use` as Claude Code runs it before every tool call: a new process that
 * resumes the session from its log, reports and checks the call, and suspends. The session is
 * opened first (session start, a prompt), in a throwaway home and project.
 */
const hookTimes = (bin: string, runs: number, progress: (message: string) => void): number[] => {
  const root = mkdtempSync(join(tmpdir(), 'engram-bench-hook-'));
  try {
    const project = join(root, 'project');
    mkdirSync(project);
    const env = { ...process.env, ENGRAM_HOME: join(root, 'home'), CLAUDE_PROJECT_DIR: project };
    const common = { session_id: 'bench-hook-session', transcript_path: join(project, 'transcript.jsonl'), cwd: project, permission_mode: 'default' };
    const hook = (name: string, payload: Record<string, unknown>): number => {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [bin, 'hook', name], { input: JSON.stringify({ ...common, ...payload }), env, encoding: 'utf8' });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      // Hooks always exit 0 and report problems on stderr: a line there means the timed path was not the real one.
      if (r.status !== 0 || r.stderr !== '') throw new Error(`cli bench: engram hook ${name} exited ${r.status}: ${r.stderr.trim()}`);
      return ms;
    };
    hook('session-start', { hook_event_name: 'SessionStart', source: 'startup' });
    hook('user-prompt-submit', { hook_event_name: 'UserPromptSubmit', prompt: 'Build the project.' });
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      times.push(hook('pre-tool-use', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm run build' }, tool_use_id: `toolu_bench_${i}` }));
      progress(`cli: hook ${times.length} of ${runs}`);
    }
    return times;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
};

/** `engram bench cli`: start-up time of the built CLI (`opts.cliBin`, its launcher), and of one pre-tool-use hook (hooks start it once per tool call). */
export const cliBench = (opts: BenchOptions): Promise<BenchReport> => {
  const bin = opts.cliBin;
  if (bin === undefined) return Promise.reject(new Error('cli bench: the engram launcher to time is not given (BenchOptions.cliBin)'));
  const runs = Math.max(3, Math.round(RUNS * opts.scale));
  const times: number[] = [];
  for (const args of [['--version'], ['log', '--help']]) {
    for (let i = 0; i < runs; i++) {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [bin, ...args], { stdio: 'ignore' });
      if (r.status !== 0) throw new Error(`cli bench: engram ${args.join(' ')} exited ${r.status}`);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      opts.progress(`cli: ${times.length} of ${runs * 2}`);
    }
  }
  return Promise.resolve({
    suite: 'cli',
    machine: machineInfo(),
    results: [row('start-up (engram --version, engram log --help)', times), row('hook (engram hook pre-tool-use, resumed session)', hookTimes(bin, runs, opts.progress))],
  });
};
