import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callService, pingService, PROTOCOL_VERSION, type HookCommand } from '@engram/serve/client';
import { round, type BenchResult } from './bench-report.js';

/** Hook requests the memory loop sends at full scale; RSS is read after the first `RSS_EARLY_AT`, once warm (`warmUpCalls`) and at the end. */
export const SERVE_MEMORY_CALLS = 10_000;
const RSS_EARLY_AT = 100;
/**
 * The share of the requests after which the service is warm and RSS is read again: every warm
 * session slot taken (MAX_WARM_SESSIONS, 16, is reached after about 1,600 requests of four
 * clients) and V8's heap grown to its working size. A leak is RSS still growing after that: at
 * 100 requests neither has happened (measured: 87 MiB after 100, then 126-149 MiB at every
 * 2,000 up to 24,000), so the ratio to the first reading measured the warm-up, not a leak.
 */
const WARM_SHARE = 0.4;
/** The memory loop stops here whatever its count: on a loaded 2-core machine 10,000 warm hooks take a few minutes. */
const SERVE_MEMORY_TIME_CAP_MS = 15 * 60_000;
/** Clients sending at once: hooks of parallel tool calls and of several sessions overlap. */
const CLIENTS = 4;
/** Hook calls per Claude session before the loop moves to a new one (so logs stay the size of a real session's). */
const CALLS_PER_SESSION = 100;
/** Calls per turn (a prompt, tool calls, a Stop that learns). */
const CALLS_PER_TURN = 20;

/** A throwaway home and project with the environment a hook would have. */
export const benchWorld = (name: string) => {
  const root = mkdtempSync(join(tmpdir(), `engram-bench-${name}-`));
  const project = join(root, 'project');
  mkdirSync(project);
  const home = join(root, 'home');
  const env: NodeJS.ProcessEnv = { ...process.env, ENGRAM_HOME: home, CLAUDE_PROJECT_DIR: project, ENGRAM_SERVE: '' };
  return { root, project, home, env, dispose: () => rmSync(root, { recursive: true, force: true }) };
};
export type BenchWorld = ReturnType<typeof benchWorld>;

/** Starts `engram serve` for the world's home and waits (bounded) until it answers. */
export const startBenchService = async (bin: string, w: BenchWorld): Promise<{ readonly stop: () => Promise<void> }> => {
  const child = spawn(process.execPath, [bin, 'serve', '--home', w.home], { env: w.env, stdio: 'ignore' });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  const end = Date.now() + 30_000;
  while ((await pingService(w.home, 2_000))?.pid !== child.pid) {
    if (Date.now() > end || child.exitCode !== null) throw new Error('serve bench: engram serve did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
};

const request = (w: BenchWorld, event: HookCommand, payload: Record<string, unknown>) => ({ v: PROTOCOL_VERSION, kind: 'hook', event, payload: JSON.stringify({ transcript_path: join(w.project, 't.jsonl'), cwd: w.project, permission_mode: 'default', ...payload }), flags: { home: w.home }, env: { CLAUDE_PROJECT_DIR: w.project } });

/** The `i`-th request of client `c`: sessions of 100 calls, turns of 20, Bash calls that sometimes fail the same way. */
const nthRequest = (w: BenchWorld, c: number, i: number) => {
  const session = `bench-${c}-${Math.floor(i / CALLS_PER_SESSION)}`;
  const k = i % CALLS_PER_SESSION;
  const base = { session_id: session };
  if (k === 0) return request(w, 'session-start', { ...base, hook_event_name: 'SessionStart', source: 'startup' });
  const t = k % CALLS_PER_TURN;
  if (t === 1) return request(w, 'user-prompt-submit', { ...base, hook_event_name: 'UserPromptSubmit', prompt: `Task ${k}` });
  if (t === 0) return request(w, 'stop', { ...base, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Done.' });
  const call = Math.floor(k / 2);
  const tool = { tool_name: 'Bash', tool_input: { command: `npm run step-${call % 3}` }, tool_use_id: `toolu_${session}_${call}` };
  if (k % 2 === 0) return request(w, 'pre-tool-use', { ...base, hook_event_name: 'PreToolUse', ...tool });
  return call % 4 === 0
    ? request(w, 'post-tool-use', { ...base, hook_event_name: 'PostToolUseFailure', ...tool, error: 'Exit code 1\nnpm ERR! missing script', is_interrupt: false })
    : request(w, 'post-tool-use', { ...base, hook_event_name: 'PostToolUse', ...tool, tool_response: { stdout: 'ok', stderr: '', interrupted: false } });
};

/**
 * The service's memory under a stream of hook requests over its socket: `calls` requests from
 * four clients (bounded by count and by SERVE_MEMORY_TIME_CAP_MS), RSS read after the first 100
 * and at the end. A leak shows as RSS growing with the count.
 */
export const serveMemory = async (bin: string, calls: number, progress: (m: string) => void): Promise<BenchResult> => {
  const w = benchWorld('serve-memory');
  const service = await startBenchService(bin, w);
  try {
    const t0 = process.hrtime.bigint();
    const deadline = Date.now() + SERVE_MEMORY_TIME_CAP_MS;
    let sent = 0;
    let failed = 0;
    let firstProblem = '';
    let rssEarly: number | null = null;
    let rssWarm: number | null = null;
    const warmAt = Math.max(RSS_EARLY_AT, Math.floor(calls * WARM_SHARE));
    const perClient = Math.ceil(calls / CLIENTS);
    const client = async (c: number) => {
      for (let i = 0; i < perClient && sent < calls && Date.now() < deadline; i++) {
        sent++;
        const r = await callService(join(w.home, 'run', 'engram.sock'), nthRequest(w, c, i), 30_000);
        if (!(r.kind === 'answer' && r.answer.kind === 'hook' && r.answer.warnings.length === 0)) {
          failed++;
          firstProblem ||= JSON.stringify(r);
        }
        // Read once the count is reached (four clients move `sent`, so it may have passed the mark by now).
        if (rssEarly === null && sent >= RSS_EARLY_AT) rssEarly = (await pingService(w.home))?.rssBytes ?? 0;
        if (rssWarm === null && sent >= warmAt) rssWarm = (await pingService(w.home))?.rssBytes ?? 0;
        if (sent % 100 === 0) progress(`cli: serve memory ${sent} of ${calls}`);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const end = await pingService(w.home);
    if (failed > 0) throw new Error(`serve bench: ${failed} of ${sent} hook requests failed or warned, first: ${firstProblem.slice(0, 500)}`);
    const early = rssEarly ?? 0;
    const warm = rssWarm ?? 0;
    const last = end?.rssBytes ?? 0;
    return {
      name: `serve memory (RSS of engram serve after ${RSS_EARLY_AT}, ${warmAt} and ${sent} hook requests over its socket)`,
      n: sent,
      seconds: round(seconds, 2),
      perSecond: round(sent / seconds, 1),
      cappedByTime: sent < calls,
      rssAfter100MiB: round(early / 2 ** 20, 1),
      warmAfter: warmAt,
      rssWhenWarmMiB: round(warm / 2 ** 20, 1),
      rssAtEndMiB: round(last / 2 ** 20, 1),
      // Growth once warm: a leak. The ratio to the first reading is the warm-up, kept for comparison with earlier runs.
      rssRatio: warm === 0 ? null : round(last / warm, 2),
      rssRatioToFirst: early === 0 ? null : round(last / early, 2),
      warmSessions: end?.sessions ?? null,
    };
  } finally {
    await service.stop();
    if (process.env['ENGRAM_BENCH_KEEP'] !== '1') w.dispose();
  }
};
