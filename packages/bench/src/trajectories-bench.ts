import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '@engram/kernel';
import { runHook, type HookName, type HookOutput } from '@engram/claude-code';
import { WarmSessions } from '@engram/serve';
import { machineInfo, percentile, round, type BenchOptions, type BenchReport, type BenchResult } from './bench-report.js';
import { readBenchEntries } from './trajectories/read-bench-entries.js';
import { readTrajectories, type TrajectoryCall, type TrajectorySession } from './trajectories/read-trajectories.js';
import { scoreTrajectories, type Answer, type BenchEntry, type ReplayedCall, type ReplayedSession } from './trajectories/score-trajectories.js';

/** Issue 24's targets, judged on the replayed sessions. */
const TARGETS = { crossSessionRecall: 0.2, allRecall: 0.25, precision: 0.6, warningLift: 3, falseBlocksPer10k: 1, specificPerSession: 0.1, genericDuplicates: 0 } as const;
/** Hook problems quoted in the report (each is also counted). */
const MAX_PROBLEMS_QUOTED = 5;

/** A folder name for a repository's project (`psf/requests` -> `psf__requests`). */
const folderName = (repo: string): string => repo.replace(/[^\w.-]+/g, '__');

/** What Claude Code sends after a Bash call ran: the output, or the failure as `Exit code N` and the output. */
const postPayload = (c: TrajectoryCall, base: Record<string, unknown>): Record<string, unknown> =>
  c.ok
    ? { ...base, hook_event_name: 'PostToolUse', tool_response: { stdout: c.output, stderr: '', interrupted: false, isImage: false } }
    : { ...base, hook_event_name: 'PostToolUseFailure', error: `${c.timeout ? 'Command timed out' : `Exit code ${c.rc ?? 1}`}\n${c.output}`, is_interrupt: false };

const answerOf = (out: HookOutput | null): { answer: Answer; text: string } => {
  const o = out?.hookSpecificOutput;
  if (o?.permissionDecision === 'deny') return { answer: 'block', text: o.permissionDecisionReason ?? '' };
  if (o?.additionalContext !== undefined && o.additionalContext.trim() !== '') return { answer: 'warn', text: o.additionalContext };
  return { answer: 'none', text: '' };
};

const timingRow = (name: string, ms: number[]): BenchResult => {
  const sorted = [...ms].sort((a, b) => a - b);
  const seconds = sorted.reduce((a, b) => a + b, 0) / 1000;
  return { name, n: sorted.length, seconds: round(seconds, 3), perSecond: seconds === 0 ? 0 : Math.round(sorted.length / seconds), p50Ms: round(percentile(sorted, 0.5), 2), p95Ms: round(percentile(sorted, 0.95), 2) };
};

/**
 * `engram bench trajectories FILE`: replays recorded agent runs (docs/trajectories-bench.md),
 * in order, into one fresh home with one project per repository, through the hook code Claude
 * Code runs (`runHook`, sessions kept warm as `engram serve` keeps them), and scores what engram
 * said before each call against what the call then did. The home is removed afterwards.
 */
export const trajectoriesBench = async (opts: BenchOptions): Promise<BenchReport> => {
  if (opts.path === undefined) throw new InputError('', [{ field: '', problem: 'needs a file of recorded sessions: engram bench trajectories FILE (sessions.jsonl or .jsonl.gz)' }]);
  const half = opts.sessions;
  if (half !== undefined && half !== 'odd' && half !== 'even') throw new InputError('--sessions', [{ field: '--sessions', problem: `must be odd or even (got ${JSON.stringify(half)})` }]);
  // A held-out half: only the runs of odd (or even) start order, replayed alone, so nothing learned on the other half reaches them.
  const sessions = readTrajectories(opts.path, opts.limit).filter((s) => half === undefined || s.order % 2 === (half === 'odd' ? 1 : 0));
  const root = mkdtempSync(join(tmpdir(), 'engram-bench-trajectories-'));
  try {
    return await replay(sessions, root, opts);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
};

const replay = async (sessions: readonly TrajectorySession[], root: string, opts: BenchOptions): Promise<BenchReport> => {
  const home = join(root, 'home');
  const projects = new Map<string, string>();
  const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('ENGRAM_') && k !== 'CLAUDE_PROJECT_DIR'));
  const warm = new WarmSessions();
  const timings: Record<HookName, number[]> = { 'session-start': [], 'user-prompt-submit': [], 'pre-tool-use': [], 'post-tool-use': [], stop: [] };
  const problems = new Map<string, number>();
  const totalCalls = sessions.reduce((n, s) => n + s.calls.length, 0);
  let doneCalls = 0;
  const replayed: ReplayedSession[] = [];
  let known = new Map<string, BenchEntry>();
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  const load0 = os.loadavg()[0] ?? 0;
  try {
    for (const [k, s] of sessions.entries()) {
      let project = projects.get(s.repo);
      if (project === undefined) {
        project = join(root, 'projects', folderName(s.repo));
        mkdirSync(project, { recursive: true });
        projects.set(s.repo, project);
      }
      const env = { ...baseEnv, ENGRAM_HOME: home, CLAUDE_PROJECT_DIR: project };
      const hook = async (name: HookName, payload: Record<string, unknown>): Promise<HookOutput | null> => {
        const started = process.hrtime.bigint();
        const out = await runHook(name, { session_id: s.session_id, cwd: project, transcript_path: join(project, 'transcript.jsonl'), permission_mode: 'default', ...payload }, { env, sessions: warm, warn: (m) => problems.set(m, (problems.get(m) ?? 0) + 1) });
        timings[name].push(Number(process.hrtime.bigint() - started) / 1e6);
        return out;
      };
      await hook('session-start', { hook_event_name: 'SessionStart', source: 'startup' });
      await hook('user-prompt-submit', { hook_event_name: 'UserPromptSubmit', prompt: s.prompt });
      const calls: ReplayedCall[] = [];
      for (const c of s.calls) {
        const tool = { tool_name: 'Bash', tool_input: { command: c.command }, tool_use_id: `toolu_${s.order}_${c.i}` };
        const { answer, text } = answerOf(await hook('pre-tool-use', { hook_event_name: 'PreToolUse', ...tool }));
        // A denied call does not run, and Claude Code sends no PostToolUse for it; the recorded outcome only scores the deny.
        if (answer !== 'block') await hook('post-tool-use', postPayload(c, tool));
        calls.push({ i: c.i, command: c.command, ok: c.ok, timeout: c.timeout, output: c.output, answer, text });
        doneCalls++;
      }
      await hook('stop', { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: s.last_message ?? '' });
      const entries = readBenchEntries(home, projects, env);
      const newEntries = entries.filter((e) => !known.has(e.id));
      known = new Map(entries.map((e) => [e.id, e]));
      replayed.push({ id: s.id, repo: s.repo, sessionId: s.session_id, calls, newEntries, entries });
      opts.progress(`trajectories: session ${k + 1} of ${sessions.length}, ${doneCalls} of ${totalCalls} calls`);
    }
  } finally {
    await warm.suspendAll();
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const score = scoreTrajectories(replayed);
  const { recall, precision, falseBlocks, learning } = score;
  const preToolUse = timingRow('hook pre-tool-use', timings['pre-tool-use']);
  return {
    suite: 'trajectories',
    machine: machineInfo(),
    results: [
      { name: 'replay', n: totalCalls, seconds: round(seconds, 2), perSecond: Math.round(totalCalls / seconds), cpuSeconds: round((cpu.user + cpu.system) / 1e6, 2), loadAverage: { start: round(load0, 2), end: round(os.loadavg()[0] ?? 0, 2) }, tmpdir: tmpdir(), file: opts.path, half: opts.sessions ?? 'all', hookProblems: { count: [...problems.values()].reduce((a, b) => a + b, 0), first: [...problems.keys()].slice(0, MAX_PROBLEMS_QUOTED) }, ...score },
      preToolUse,
      timingRow('hook post-tool-use', timings['post-tool-use']),
      timingRow('hook session-start', timings['session-start']),
      timingRow('hook user-prompt-submit', timings['user-prompt-submit']),
      timingRow('hook stop', timings.stop),
    ],
    targets: {
      crossSessionRecall: recall.crossSession.rate ?? 0,
      crossSessionRecallMet: (recall.crossSession.rate ?? 0) >= TARGETS.crossSessionRecall,
      allRecall: recall.all.rate ?? 0,
      allRecallMet: (recall.all.rate ?? 0) >= TARGETS.allRecall,
      precision: precision.flagged.rate ?? 0,
      precisionMet: (precision.flagged.rate ?? 0) >= TARGETS.precision,
      warningLift: precision.warnings.lift ?? 0,
      warningLiftMet: (precision.warnings.lift ?? 0) >= TARGETS.warningLift,
      falseBlocksPer10k: falseBlocks.per10kCalls ?? 0,
      falseBlocksMet: (falseBlocks.per10kCalls ?? 0) <= TARGETS.falseBlocksPer10k,
      specificPerSession: learning.specificPerSession ?? 0,
      specificPerSessionMet: (learning.specificPerSession ?? 0) >= TARGETS.specificPerSession,
      genericDuplicatesMet: learning.genericDuplicates <= TARGETS.genericDuplicates,
      preToolUseP95Ms: preToolUse['p95Ms'] as number,
    },
  };
};
