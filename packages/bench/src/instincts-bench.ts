import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalog, sourceOf, type EventData, type EventType } from '@engram/events';
import { machineInfo, percentile, round, type BenchOptions, type BenchReport, type BenchResult } from './bench-report.js';

/** Issue 14's size: the analysis at a session's end with 1,000 sessions already logged. */
const SESSIONS = 1000;
/** Session ends timed (each appends one new session log first); bounded, so the run is too. */
const SETTLES = 40;
/** Issue 14's budget for the analysis at a session's end. */
const TARGET_P95_MS = 50;
/** Tool calls per synthetic session: a habit chain repeated, and a failed call retried. */
const CALLS_PER_SESSION = 24;
const MINUTE = 60_000;
const DAY = 86_400_000;
const NOW = Date.parse('2026-11-24T12:00:00.000Z');
/** The habits the sessions share, so instincts are tracked and promoted (the real work of a run). */
const HABIT = ['Grep', 'Read', 'Edit'];
const OTHER = ['Bash', 'Glob', 'Write', 'WebFetch'];

/** What the bench needs of `@engram/runtime`; the CLI passes the module (packages under the runtime may not import it). */
interface InstinctsRuntime {
  createBrain(options: { readonly home: string; readonly project: string; readonly instincts: { readonly auto: boolean } }): {
    readonly instincts: {
      promote(options: { readonly now: number }): Promise<{ readonly complete: boolean; readonly read: readonly string[]; readonly plan: { readonly active: readonly unknown[]; readonly promoted: readonly string[] } }>;
      settle(options: { readonly now: number }): Promise<{ readonly complete: boolean; readonly read: readonly string[]; readonly plan: { readonly active: readonly unknown[]; readonly promoted: readonly string[] } }>;
    };
  };
}

const envelope = <T extends EventType>(sessionId: string, seq: number, at: number, type: T, data: EventData<T>): string =>
  JSON.stringify({ seq, id: `${sessionId}-${seq}`, at: new Date(at).toISOString(), sessionId, turn: 1, round: seq, source: sourceOf(type), causationId: null, type, v: catalog[type].v, data });

/** One session's log, as a live session writes it: started, tool calls and results, ended. */
const sessionLog = (k: number, start: number): { id: string; text: string } => {
  const id = `20261117_000000_${k.toString(16).padStart(4, '0')}`.slice(0, 20);
  const lines: string[] = [];
  let seq = 0;
  lines.push(envelope(id, ++seq, start, 'executive.session.started', { project: '/p', home: '/h', modes: { memory: 'autopilot', acc: 'active' } }));
  for (let i = 0; i < CALLS_PER_SESSION; i++) {
    const fail = i % 12 === 5;
    const name = i % 8 < 6 ? (HABIT[i % 3] ?? 'Read') : (OTHER[(k + i) % OTHER.length] ?? 'Bash');
    const at = start + i * MINUTE;
    const toolUseId = `t${i}`;
    lines.push(envelope(id, ++seq, at, 'executive.tool.called', { toolUseId, name, input: { path: `src/f${i % 7}.ts` }, argsSummary: `src/f${i % 7}.ts` }));
    lines.push(envelope(id, ++seq, at, 'executive.tool.resulted', { toolUseId, name, ok: !fail, error: fail ? 'exit code 1' : '', output: fail ? '' : 'ok', durationMs: 40 }));
  }
  lines.push(envelope(id, seq + 1, start + CALLS_PER_SESSION * MINUTE, 'executive.session.ended', { reason: 'closed' }));
  return { id, text: `${lines.join('\n')}\n` };
};

interface Scenario {
  readonly name: string;
  /** The logged sessions are spread evenly over this many days before the timed session ends. */
  readonly spanDays: number;
}

/**
 * Two spreads of the same 1,000 sessions: a history (eight weeks, so about 125 sessions are in
 * the 7-day window and the rest are kept as one line each) and the worst case (all of them in
 * the window, so every summary is kept, read and written at every session end).
 */
const SCENARIOS: readonly Scenario[] = [
  { name: 'history: 1,000 sessions over 8 weeks', spanDays: 56 },
  { name: 'worst case: 1,000 sessions within the 7-day window', spanDays: 6 },
];

const runScenario = async (createBrain: InstinctsRuntime['createBrain'], scenario: Scenario, sessions: number, settles: number, opts: BenchOptions): Promise<BenchResult[]> => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-instincts-'));
  try {
    const home = join(dir, 'home');
    const project = join(dir, 'project');
    const events = join(project, '.engram', 'events');
    mkdirSync(events, { recursive: true, mode: 0o700 });
    mkdirSync(home, { recursive: true, mode: 0o700 });
    opts.progress(`instincts: ${scenario.name}: writing ${sessions} session logs`);
    const span = scenario.spanDays * DAY;
    for (let k = 0; k < sessions; k++) {
      const log = sessionLog(k, NOW - span + Math.floor((k * span) / sessions) - DAY / 2);
      writeFileSync(join(events, `${log.id}.jsonl`), log.text, { mode: 0o600 });
    }
    const brain = createBrain({ home, project, instincts: { auto: false } });
    opts.progress(`instincts: ${scenario.name}: cold run (every log read)`);
    const t0 = process.hrtime.bigint();
    const cold = await brain.instincts.promote({ now: NOW - DAY / 2 });
    const coldSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const times: number[] = [];
    let read = 0;
    let deferred = 0;
    let promoted = cold.plan.promoted.length;
    let active = cold.plan.active.length;
    for (let r = 0; r < settles; r++) {
      opts.progress(`instincts: ${scenario.name}: session end ${r + 1} of ${settles}`);
      const at = NOW - DAY / 2 + r * (CALLS_PER_SESSION + 5) * MINUTE;
      const log = sessionLog(sessions + r, at);
      appendFileSync(join(events, `${log.id}.jsonl`), log.text, { mode: 0o600 });
      const s0 = process.hrtime.bigint();
      const run = await brain.instincts.settle({ now: at + (CALLS_PER_SESSION + 1) * MINUTE });
      times.push(Number(process.hrtime.bigint() - s0) / 1e6);
      if (!run.complete) deferred += 1;
      read += run.read.length;
      promoted += run.plan.promoted.length;
      active = run.plan.active.length;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const total = times.reduce((a, b) => a + b, 0) / 1000;
    return [
      { name: `${scenario.name}: cold analysis (every log read, state written)`, n: sessions, seconds: round(coldSeconds, 4), perSecond: Math.round(sessions / coldSeconds), logsRead: cold.read.length },
      {
        name: `${scenario.name}: analysis at a session's end (incremental)`,
        n: settles,
        seconds: round(total, 4),
        perSecond: Math.round(settles / total),
        p50Ms: round(percentile(sorted, 0.5), 2),
        p95Ms: round(percentile(sorted, 0.95), 2),
        maxMs: round(sorted[sorted.length - 1] ?? 0, 2),
        logsReadPerRun: round(read / settles, 2),
        deferredRuns: deferred,
        instinctsTracked: active,
        promotions: promoted,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/**
 * `engram bench instincts`: the habit loop as it runs at each session's end (`instincts.settle()`,
 * the same code path as `engram instincts promote`) with 1,000 sessions logged (`SCENARIOS`).
 * Per scenario: the cold run (every log read, the state written), then SETTLES session ends, each
 * after one new session's log was written; p50/p95/max of those are the figure.
 */
export const instinctsBench = async (opts: BenchOptions): Promise<BenchReport> => {
  if (opts.runtime === undefined) throw new Error('the instincts bench needs the runtime: run it through `engram bench instincts`');
  const runtime = (await opts.runtime()) as InstinctsRuntime;
  const createBrain: InstinctsRuntime['createBrain'] = (o) => runtime.createBrain(o);
  const sessions = Math.max(10, Math.round(SESSIONS * opts.scale));
  const settles = Math.max(5, Math.min(SETTLES, Math.round(SETTLES * Math.max(opts.scale, 0.1))));
  const results: BenchResult[] = [];
  for (const scenario of SCENARIOS) results.push(...(await runScenario(createBrain, scenario, sessions, settles, opts)));
  const p95 = (i: number): number => Number(results[i]?.['p95Ms'] ?? Number.NaN);
  return {
    suite: 'instincts',
    machine: machineInfo(),
    results,
    targets: { p95TargetMs: TARGET_P95_MS, historyP95Ms: p95(1), historyMet: p95(1) <= TARGET_P95_MS, worstCaseP95Ms: p95(3), worstCaseMet: p95(3) <= TARGET_P95_MS },
  };
};
