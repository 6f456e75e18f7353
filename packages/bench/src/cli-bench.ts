import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { machineInfo, round, type BenchReport, type BenchOptions, type BenchResult, percentile } from './bench-report.js';
import { runHook, type HookName } from '@engram/claude-code';
import { resumeCheckpointOf } from '@engram/store';
import { benchWorld, serveMemory, SERVE_MEMORY_CALLS, startBenchService, type BenchWorld } from './serve-bench.js';

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
 * How a command line starts: `file` with `before` ahead of the command's own arguments. The
 * launcher is `node bin/engram.js ARGS`; the `engram` command (bin/engram, what npm links and
 * docs/hooks.md names) is `engram ARGS`, which starts hooks and memory commands from their
 * start-up snapshots when built (docs/cli-startup.md).
 */
interface Starter {
  readonly file: string;
  readonly before: readonly string[];
}
const launcherOf = (bin: string): Starter => ({ file: process.execPath, before: [bin] });

const hookRunner = (start: Starter | string, w: BenchWorld, env: NodeJS.ProcessEnv) => {
  const common = { session_id: 'bench-hook-session', transcript_path: join(w.project, 'transcript.jsonl'), cwd: w.project, permission_mode: 'default' };
  const { file, before } = typeof start === 'string' ? launcherOf(start) : start;
  return (name: string, payload: Record<string, unknown>): number => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(file, [...before, 'hook', name], { input: JSON.stringify({ ...common, ...payload }), env: { ...w.env, ...env }, encoding: 'utf8' });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    // Hooks always exit 0 and report problems on stderr: a line there means the timed path was not the real one.
    if (r.status !== 0 || r.stderr !== '') throw new Error(`cli bench: engram hook ${name} exited ${r.status}: ${r.stderr.trim()}`);
    return ms;
  };
};

/** The world with the settings `unset` left out of its environment (the commands' and node -e 0's alike). */
const withoutEnv = (w: BenchWorld, unset: readonly string[]): BenchWorld => ({ ...w, env: Object.fromEntries(Object.entries(w.env).filter(([key]) => !unset.includes(key))) });

/**
 * A setting that makes every Node start read and parse a file of certificates before any script
 * runs (about 80 ms of `node -e 0` for Debian's bundle of CAs on a 2-core machine): when it is set,
 * the start-up rows are timed a second time without it, so the ratios are also given over a Node
 * start that is only Node's.
 */
const EXTRA_CA_CERTS = 'NODE_EXTRA_CA_CERTS';

/** The key of the floor row: Node started from an empty snapshot (`emptySnapshot`). */
const EMPTY_SNAPSHOT = 'empty snapshot';

/**
 * An empty start-up snapshot of this Node, in the world's folder: a heap with nothing of engram's,
 * whose main function returns at once. Starting from it is what any snapshot costs before its
 * command runs (reading the blob, deserializing Node's own heap from it rather than from the
 * binary): the floor under every row that starts from one. Null when this Node cannot build one.
 */
const emptySnapshot = (w: BenchWorld): string | null => {
  const script = join(w.root, 'empty-snapshot.cjs');
  const blob = join(w.root, 'empty.blob');
  writeFileSync(script, "require('node:v8').startupSnapshot.setDeserializeMainFunction(() => {});\n");
  const r = spawnSync(process.execPath, ['--snapshot-blob', blob, '--build-snapshot', script], { cwd: w.root, env: w.env, stdio: 'ignore' });
  return r.status === 0 ? blob : null;
};

/** A session opened (session start, a prompt), then `engram hook pre-tool-use` as Claude Code runs it before every tool call. */
const preToolUse = (hook: ReturnType<typeof hookRunner>) => {
  hook('session-start', { hook_event_name: 'SessionStart', source: 'startup' });
  hook('user-prompt-submit', { hook_event_name: 'UserPromptSubmit', prompt: 'Build the project.' });
  let i = 0;
  return () => hook('pre-tool-use', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm run build' }, tool_use_id: `toolu_bench_${i++}` });
};

/** `engram hook NAME` as Claude Code runs it, one turn per run: a new session, a prompt, a tool call before and after, the end of the turn. */
const HOOK_TURN = ['session-start', 'user-prompt-submit', 'pre-tool-use', 'post-tool-use', 'stop'] as const;
type TurnHook = (typeof HOOK_TURN)[number];

const turnPayload = (name: TurnHook, run: number): Record<string, unknown> => {
  const session_id = `bench-turn-${run}`;
  const call = { tool_name: 'Bash', tool_input: { command: 'npm run build' }, tool_use_id: `toolu_turn_${run}` };
  if (name === 'session-start') return { session_id, hook_event_name: 'SessionStart', source: 'startup' };
  if (name === 'user-prompt-submit') return { session_id, hook_event_name: 'UserPromptSubmit', prompt: 'Build the project.' };
  if (name === 'pre-tool-use') return { session_id, hook_event_name: 'PreToolUse', ...call };
  if (name === 'post-tool-use') return { session_id, hook_event_name: 'PostToolUse', ...call, tool_response: { stdout: '', stderr: 'sh: tsc: command not found', exit_code: 127 } };
  return { session_id, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'It does not build.' };
};

/**
 * One run of everything issue 26 and issue 25 (item 5) hold to 1.5x `node -e 0`, interleaved with
 * it so that all see the same machine load: `engram --version`, each hook of a turn in process
 * (ENGRAM_SERVE=0: the process loads the runtime, resumes the session from its log, suspends it),
 * and `engram memory add`, `memory context`, `memory show` and `recall` on files; each started
 * every way in `starters` (the `engram` command, and the launcher beside it), keyed by its prefix.
 */
const startUpTimes = (starters: Readonly<Record<string, Starter>>, runs: number, progress: (message: string) => void, unset: readonly string[] = []): ReadonlyMap<string, number[]> => {
  const w = withoutEnv(benchWorld('start-up'), unset);
  const times = new Map<string, number[]>();
  const add = (key: string, ms: number) => times.set(key, [...(times.get(key) ?? []), ms]);
  const time = (key: string, run: () => void) => {
    const t0 = process.hrtime.bigint();
    run();
    add(key, Number(process.hrtime.bigint() - t0) / 1e6);
  };
  const roots = ['--home', w.home, '--project', w.project];
  try {
    const empty = emptySnapshot(w);
    // Each way runs every command line in turn, each hook turn in a session of its own.
    const ways = Object.entries(starters).map(([prefix, start]) => ({ prefix, start, hook: hookRunner(start, w, { ENGRAM_SERVE: '0' }) }));
    for (let i = 0; i < runs; i++) {
      time('node', () => spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore', env: w.env }));
      if (empty !== null) time(EMPTY_SNAPSHOT, () => spawnSync(process.execPath, ['--snapshot-blob', empty], { stdio: 'ignore', env: w.env }));
      ways.forEach(({ prefix, start, hook }, way) => {
        const engram = (args: readonly string[]) => () => {
          const r = spawnSync(start.file, [...start.before, ...args], { env: w.env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
          if (r.status !== 0) throw new Error(`cli bench: engram ${args.join(' ')} exited ${r.status}: ${r.stderr.trim()}`);
        };
        time(`${prefix}--version`, engram(['--version']));
        for (const name of HOOK_TURN) add(`${prefix}hook ${name}`, hook(name, turnPayload(name, way * runs + i)));
        time(`${prefix}memory add`, engram(['memory', 'add', `Run the build before the tests (bench note ${way}.${i}).`, ...roots]));
        time(`${prefix}memory context`, engram(['memory', 'context', '--message', 'build the project', ...roots]));
        time(`${prefix}memory show`, engram(['memory', 'show', ...roots]));
        time(`${prefix}recall`, engram(['recall', 'tsc command not found', ...roots]));
        time(`${prefix}memory stats`, engram(['memory', 'stats', ...roots]));
      });
      progress(`cli: start-up ${i + 1} of ${runs} beside node -e 0`);
    }
    return times;
  } finally {
    w.dispose();
  }
};

/** The hook in-process (ENGRAM_SERVE=0): a process that loads the runtime, resumes the session from its log and suspends it. */
const inProcessTimes = (start: Starter, runs: number, progress: (message: string) => void): number[] => {
  const w = benchWorld('hook');
  try {
    const next = preToolUse(hookRunner(start, w, { ENGRAM_SERVE: '0' }));
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

/** Tool calls in the long session: a working session of a coding agent makes a few hundred. */
const LONG_SESSION_CALLS = 200;

/**
 * A session of `LONG_SESSION_CALLS` tool calls (in turns of ten; every fourth call fails), grown
 * through `runHook` in this process (the same hooks, without a process each), then `engram hook
 * pre-tool-use` in process on it, alternately resumed from the checkpoint the last hook left
 * (`checkpoint`) and from the whole log (`log`: the checkpoint removed first), beside `node -e 0`.
 */
const longSessionTimes = async (start: Starter, runs: number, progress: (message: string) => void): Promise<Readonly<Record<'node' | 'checkpoint' | 'log', number[]>>> => {
  const w = benchWorld('long-session');
  try {
    const common = { session_id: 'bench-long-session', transcript_path: join(w.project, 'transcript.jsonl'), cwd: w.project, permission_mode: 'default' };
    const env = { ...w.env, ENGRAM_SERVE: '0' };
    const hookHere = async (name: HookName, payload: Record<string, unknown>) => {
      const problems: string[] = [];
      await runHook(name, { ...common, ...payload }, { env, warn: (m) => problems.push(m) });
      if (problems.length > 0) throw new Error(`cli bench: the long session's ${name} hook: ${problems.join('; ')}`);
    };
    await hookHere('session-start', { hook_event_name: 'SessionStart', source: 'startup' });
    for (let i = 0; i < LONG_SESSION_CALLS; i++) {
      if (i % 10 === 0) await hookHere('user-prompt-submit', { hook_event_name: 'UserPromptSubmit', prompt: `Next step of the build (${i / 10}).` });
      const call = { tool_name: 'Bash', tool_input: { command: ['npm run build', 'ls src', 'git status', 'npx tsc --noEmit', 'cat README.md'][i % 5] }, tool_use_id: `toolu_long_${i}` };
      await hookHere('pre-tool-use', { hook_event_name: 'PreToolUse', ...call });
      await hookHere('post-tool-use', i % 4 === 3 ? { hook_event_name: 'PostToolUseFailure', ...call, error: 'Exit code 1\nerror TS2304: Cannot find name' } : { hook_event_name: 'PostToolUse', ...call, tool_response: { stdout: 'ok', stderr: '', interrupted: false } });
      if (i % 10 === 9) await hookHere('stop', { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Step done.' });
      if (i % 50 === 49) progress(`cli: long session, ${i + 1} of ${LONG_SESSION_CALLS} calls`);
    }
    const events = join(w.project, '.engram', 'events');
    const log = readdirSync(events).find((f) => f.endsWith('.jsonl'));
    if (log === undefined) throw new Error(`cli bench: the long session left no log in ${events}`);
    const checkpoint = resumeCheckpointOf(join(events, log));
    const hook = hookRunner(start, w, { ENGRAM_SERVE: '0' });
    const times = { node: [] as number[], checkpoint: [] as number[], log: [] as number[] };
    let n = 0;
    const pre = () => hook('pre-tool-use', { ...common, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm run build' }, tool_use_id: `toolu_long_bench_${n++}` });
    for (let i = 0; i < runs; i++) {
      const t0 = process.hrtime.bigint();
      spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore' });
      times.node.push(Number(process.hrtime.bigint() - t0) / 1e6);
      times.checkpoint.push(pre());
      rmSync(checkpoint, { force: true });
      times.log.push(pre());
      progress(`cli: long session, hook ${i + 1} of ${runs}`);
    }
    return times;
  } finally {
    w.dispose();
  }
};

/**
 * The hook as a client of a running `engram serve`, started every way in `starters` (the `engram`
 * command, which starts the served-hook client, and the launcher), interleaved with `node -e 0`;
 * keyed by the starters' prefixes, and `node`.
 */
const servedTimes = async (bin: string, starters: Readonly<Record<string, Starter>>, runs: number, progress: (message: string) => void, unset: readonly string[] = []): Promise<{ readonly times: ReadonlyMap<string, number[]>; readonly started: string | undefined }> => {
  const w = withoutEnv(benchWorld('serve-hook'), unset);
  const service = await startBenchService(bin, w);
  try {
    // How the `engram` command starts a hook of this home, while its service runs.
    const command = starters['']?.file === process.execPath ? undefined : starters['']?.file;
    const started = command === undefined ? undefined : explainStart(command, ['hook', 'pre-tool-use'], w.env);
    const ways = Object.entries(starters).map(([prefix, start]) => [prefix, preToolUse(hookRunner(start, w, {}))] as const);
    for (const [, next] of ways) for (let i = 0; i < 3; i++) next(); // the service's own first calls (JIT) are not what a session pays
    const times = new Map<string, number[]>([['node', []], ...ways.map(([prefix]) => [prefix, []] as [string, number[]])]);
    for (let i = 0; i < runs; i++) {
      const t0 = process.hrtime.bigint();
      spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore', env: w.env });
      times.get('node')?.push(Number(process.hrtime.bigint() - t0) / 1e6);
      for (const [prefix, next] of ways) times.get(prefix)?.push(next());
      progress(`cli: served hook ${i + 1} of ${runs} beside node -e 0`);
    }
    return { times, started };
  } finally {
    await service.stop();
    w.dispose();
  }
};

/** What `engram --explain-start ARGS` says, its lines joined by '; ' (a second says when NODE_EXTRA_CA_CERTS is set aside). */
const explainStart = (command: string, args: readonly string[], env: NodeJS.ProcessEnv): string => spawnSync(command, ['--explain-start', ...args], { encoding: 'utf8', env }).stdout.trim().split('\n').join('; ');

/** The command line `engram --explain-start` is asked about for a row (its arguments do not change how it starts). */
const STARTED_AS: Readonly<Record<string, readonly string[]>> = { recall: ['recall', 'QUERY'], 'memory add': ['memory', 'add', 'TEXT'] };
const WHAT: Readonly<Record<string, string>> = {
  '--version': 'engram --version',
  'memory add': 'engram memory add TEXT (files)',
  'memory context': 'engram memory context --message TEXT (files)',
  'memory show': 'engram memory show (files)',
  recall: 'engram recall QUERY (the episode files of the hooks above)',
  'memory stats': 'engram memory stats (files; a command of the main bundle, no start-up target)',
  [EMPTY_SNAPSHOT]: 'node --snapshot-blob EMPTY (an empty start-up snapshot: the floor of every row started from one; no target)',
};
/** Prefix of the rows started through the launcher when the `engram` command is timed as well. */
const LAUNCHER = 'launcher: ';
/**
 * Rows timed beside `node -e 0` that no issue holds to 1.5x: every command of the main bundle,
 * represented by one; and, when the `engram` command is timed, the same command lines through the
 * launcher, beside it for comparison.
 */
const untargeted = (key: string): boolean => key.endsWith('memory stats') || key.startsWith(LAUNCHER) || key === EMPTY_SNAPSHOT;
const whatOf = (key: string): string => {
  const launched = key.startsWith(LAUNCHER);
  const command = launched ? key.slice(LAUNCHER.length) : key;
  const what = WHAT[command] ?? `engram ${command} (in process: ENGRAM_SERVE=0)`;
  return launched ? `${what}, through the launcher (node bin/engram.js)` : what;
};
const ratioOf = (a: BenchResult, b: BenchResult): number => round(Number(a['p50Ms']) / Number(b['p50Ms']), 2);
/** Issues 25 and 26: start-up within 1.5x `node -e 0` on the same machine, in the same run. */
const START_UP_RATIO = 1.5;

/**
 * A start-up row with its p50 and p95 over those of `node -e 0` from the same run, and whether it
 * meets the target (on the p50s: the p95s of a shared machine say more about its load).
 */
const againstNode = (r: BenchResult, node: BenchResult): BenchResult => {
  const p50OverNode = ratioOf(r, node);
  return { ...r, p50OverNode, p95OverNode: round(Number(r['p95Ms']) / Number(node['p95Ms']), 2), target: `p50 within ${START_UP_RATIO}x node -e 0`, met: p50OverNode <= START_UP_RATIO };
};

/**
 * `engram bench cli`: start-up time of the built CLI, in one run: `node -e 0` interleaved with
 * `engram --version`, each hook of a turn in process, and `engram memory add`, `context`, `show`
 * and `recall`, each as the `engram` command (`opts.cliCommand`, which starts some from their
 * start-up snapshots; each row says how it started) with its p50 over node's (`targets`, issues 25
 * and 26: within 1.5x), and as the launcher (`opts.cliBin`) beside it; `engram memory stats` (no
 * target); `engram log --help` (commander and every command group); one pre-tool-use hook through
 * a running `engram serve` beside `node -e 0` (within 2x; the `engram` command starts the
 * served-hook client, and the launcher is timed beside it), and in process on a resumed session;
 * the service's memory after 100 and 10,000 hook requests; and, when NODE_EXTRA_CA_CERTS is set,
 * the start-up rows and the served hook again without it (EXTRA_CA_CERTS).
 */
export const cliBench = async (opts: BenchOptions): Promise<BenchReport> => {
  const bin = opts.cliBin;
  if (bin === undefined) throw new Error('cli bench: the engram launcher to time is not given (BenchOptions.cliBin)');
  const runs = Math.max(3, Math.round(RUNS * opts.scale));
  // Ten processes a run: a smoke run (--scale 0.01) times each once.
  const load = { before: round(loadavg()[0] ?? 0, 2) };
  const command = opts.cliCommand;
  const starters: Record<string, Starter> = command === undefined ? { '': launcherOf(bin) } : { '': { file: command, before: [] }, [LAUNCHER]: launcherOf(bin) };
  // How the `engram` command starts each command line on this build: from a snapshot, or the launcher and why.
  // Asked with ENGRAM_SERVE=0, as the rows it is asked for run (a service of the user's own home would otherwise be named).
  const started = (key: string): string | undefined =>
    command === undefined || key.startsWith(LAUNCHER) ? undefined : explainStart(command, STARTED_AS[key] ?? key.split(' '), { ...process.env, ENGRAM_SERVE: '0' });
  const startUp = startUpTimes(starters, Math.max(1, Math.round(RUNS * opts.scale)), opts.progress);
  const startNode = { ...row('node -e 0 (bare Node start-up, interleaved with the start-up rows below)', startUp.get('node') ?? []), loadAverage1m: { before: load.before, after: round(loadavg()[0] ?? 0, 2) } };
  const timed = [...startUp].filter(([key]) => key !== 'node');
  const withStart = (key: string, r: BenchResult): BenchResult => {
    const how = started(key);
    return how === undefined ? r : { ...r, started: how };
  };
  const startRows = timed.filter(([key]) => !untargeted(key)).map(([key, times]) => ({ key, result: withStart(key, againstNode(row(whatOf(key), times), startNode)) }));
  const others = timed
    .filter(([key]) => untargeted(key))
    .map(([key, times]) => {
      const r = row(whatOf(key), times);
      return withStart(key, { ...r, p50OverNode: ratioOf(r, startNode) });
    });
  const helpRun = (): number => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [bin, 'log', '--help'], { stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`cli bench: engram log --help exited ${r.status}`);
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  const help = Array.from({ length: runs }, helpRun);
  const served = await servedTimes(bin, starters, runs * 2, opts.progress);
  const nodeRow = row('node -e 0 (bare Node start-up, interleaved with the served hook)', served.times.get('node') ?? []);
  const servedRow = { ...row('hook (engram hook pre-tool-use, through engram serve)', served.times.get('') ?? []), ...(served.started === undefined ? {} : { started: served.started }) };
  const launcherTimes = served.times.get(LAUNCHER);
  const servedLauncher = launcherTimes === undefined ? [] : [{ ...row('hook (engram hook pre-tool-use, through engram serve), through the launcher (node bin/engram.js)', launcherTimes), p50OverNode: ratioOf(row('', launcherTimes), nodeRow) }];
  const first = starters[''] ?? launcherOf(bin);
  const inProcessRow = withStart('hook pre-tool-use', row('hook (engram hook pre-tool-use, in-process: ENGRAM_SERVE=0, resumed session)', inProcessTimes(first, runs, opts.progress)));
  const long = await longSessionTimes(first, runs, opts.progress);
  const longNode = row(`node -e 0 (interleaved with the hooks of a session of ${LONG_SESSION_CALLS} tool calls)`, long.node);
  const longRows = [
    { ...row(`hook pre-tool-use, in process, a session of ${LONG_SESSION_CALLS} tool calls, resumed from its checkpoint`, long.checkpoint), p50OverNode: ratioOf(row('', long.checkpoint), longNode) },
    { ...row(`hook pre-tool-use, in process, a session of ${LONG_SESSION_CALLS} tool calls, resumed from its whole log (checkpoint removed)`, long.log), p50OverNode: ratioOf(row('', long.log), longNode) },
  ];
  const memory = await serveMemory(bin, Math.max(2 * 100, Math.round(SERVE_MEMORY_CALLS * opts.scale)), opts.progress);
  const ratio = ratioOf(servedRow, nodeRow);
  const startRatios = Object.fromEntries(startRows.map(({ key, result }) => [key, ratioOf(result, startNode)]));
  const slowest = Math.max(...Object.values(startRatios));
  const rss = typeof memory['rssRatio'] === 'number' ? memory['rssRatio'] : Number.NaN;
  const bare = (process.env[EXTRA_CA_CERTS] ?? '') === '' ? null : await withoutExtraCaCerts(bin, first, runs, opts.progress);
  return {
    suite: 'cli',
    machine: machineInfo(),
    results: [startNode, ...startRows.map(({ result }) => result), ...others, row('engram log --help (commander and every command group loaded)', help), nodeRow, servedRow, ...servedLauncher, inProcessRow, longNode, ...longRows, memory, ...(bare?.rows ?? [])],
    targets: {
      nodeExtraCaCertsSet: bare !== null,
      ...Object.fromEntries(Object.entries(startRatios).map(([key, r]) => [`${key}: p50 over node -e 0`, r])),
      startUpWithin1_5xNode: slowest <= START_UP_RATIO,
      versionP50OverNodeP50: startRatios['--version'] ?? Number.NaN,
      versionWithin1_5xNode: (startRatios['--version'] ?? Number.NaN) <= START_UP_RATIO,
      hookP50OverNodeP50: ratio,
      hookWithin2xNode: ratio <= 2,
      inProcessHookP50OverNodeP50: ratioOf(inProcessRow, nodeRow),
      inProcessHookWithin1_5xNode: ratioOf(inProcessRow, nodeRow) <= START_UP_RATIO,
      serveRssRatio: rss,
      serveRssWithin1_5x: rss <= 1.5,
      ...(bare?.targets ?? {}),
    },
  };
};

/**
 * The start-up rows of the `engram` command (`first`) and the served hook again, with
 * NODE_EXTRA_CA_CERTS left out of every process's environment, `node -e 0`'s included: the same
 * ratios over a Node start that does not read a file of certificates first.
 */
const withoutExtraCaCerts = async (bin: string, first: Starter, runs: number, progress: (message: string) => void): Promise<{ readonly rows: readonly BenchResult[]; readonly targets: Readonly<Record<string, number | boolean>> }> => {
  const unset = `${EXTRA_CA_CERTS} unset`;
  const startUp = startUpTimes({ '': first }, Math.max(1, Math.round(runs / 2)), progress, [EXTRA_CA_CERTS]);
  const node = row(`node -e 0 (${unset}, interleaved with the start-up rows below)`, startUp.get('node') ?? []);
  const startRows = [...startUp].filter(([key]) => key !== 'node' && !untargeted(key)).map(([key, times]) => ({ key, result: againstNode(row(`${whatOf(key)}, ${unset}`, times), node) }));
  const served = await servedTimes(bin, { '': first }, runs * 2, progress, [EXTRA_CA_CERTS]);
  const servedNode = row(`node -e 0 (${unset}, interleaved with the served hook)`, served.times.get('node') ?? []);
  const servedRow = row(`hook (engram hook pre-tool-use, through engram serve), ${unset}`, served.times.get('') ?? []);
  const ratios = Object.fromEntries(startRows.map(({ key, result }) => [key, ratioOf(result, node)]));
  const emptyTimes = startUp.get(EMPTY_SNAPSHOT);
  const floor = emptyTimes === undefined ? [] : [{ ...row(`${whatOf(EMPTY_SNAPSHOT)}, ${unset}`, emptyTimes), p50OverNode: ratioOf(row('', emptyTimes), node) }];
  return {
    rows: [node, ...floor, ...startRows.map(({ result }) => result), servedNode, { ...servedRow, p50OverNode: ratioOf(servedRow, servedNode) }],
    targets: {
      ...Object.fromEntries(Object.entries(ratios).map(([key, r]) => [`${key}: p50 over node -e 0, ${unset}`, r])),
      [`startUpWithin1_5xNode, ${unset}`]: Math.max(...Object.values(ratios)) <= START_UP_RATIO,
      [`hookP50OverNodeP50, ${unset}`]: ratioOf(servedRow, servedNode),
    },
  };
};
