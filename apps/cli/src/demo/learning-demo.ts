import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { AccProfileError, learnedFromLog, openBrain, StoreSettingError, storeUnreachable, type Brain, type LearnedItem } from '@engram/runtime';
import { engramCommand, shellWord } from '../output/engram-command.js';
import { scriptedPolicy } from './scripted-policy.js';

export interface DemoOptions {
  readonly home?: string;
  readonly json?: boolean;
  /** `--acc-profile FILE`: the detector thresholds the demo's sessions run with. */
  readonly accProfile?: string;
  /** `--store URL` / `--tenant NAME` (else ENGRAM_STORE / ENGRAM_TENANT): the sessions keep everything in PostgreSQL. */
  readonly store?: string;
  readonly tenant?: string;
}

export interface DemoSession {
  readonly failures: number;
  readonly failureDetails: readonly string[];
  readonly lessonsLearned: readonly LearnedItem[];
  readonly eventLog: string;
  readonly answer: string;
}

const TASK = 'Summarise Q3 sales by region from sales.csv.';
/**
 * The demo's cell limit on an idle machine: the heavy habit (a loop that never ends on its own)
 * is killed after this long, quickly enough that the demo stays well under a minute.
 */
const DEMO_CELL_TIMEOUT_MS = 1500;
/** The most the limit is stretched on a busy machine: past it the demo would take minutes. */
const MAX_LOAD_FACTOR = 8;

/**
 * The demo's cell limits for the machine as it is now. Only the heavy cell may be killed, and it
 * never ends on its own, so it is killed at any limit: the limit only has to be long enough for
 * the light cells, which on a machine with more runnable processes than CPUs get a share of a CPU
 * and take that much longer. So the wall-clock limit grows with the load per CPU (a load of 8 on
 * 2 CPUs: 4x), and the liveness check (a starved cell uses no CPU and looks hung) is kept past it.
 */
export const demoCellLimits = (loadPerCpu: number): { timeoutMs: number; inactivityMs: number } => {
  const factor = Math.min(MAX_LOAD_FACTOR, Math.max(1, Math.ceil(loadPerCpu)));
  const timeoutMs = DEMO_CELL_TIMEOUT_MS * factor;
  return { timeoutMs, inactivityMs: 2 * timeoutMs };
};
const SALES_CSV = ['region,quarter,amount', 'north,Q2,120.5', 'north,Q3,140.0', 'south,Q3,98.25', 'east,Q3,77.0', 'west,Q2,65.0', 'south,Q2,88.0'].join('\n') + '\n';

/**
 * Runnable processes per CPU now: the one-minute load average lags a load that just began, so on
 * Linux the kernel's count of runnable tasks right now (`/proc/loadavg`, 4th field, this process
 * not counted) is taken when it is higher.
 */
const loadPerCpu = (): number => {
  let runnable = 0;
  try {
    runnable = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[3]?.split('/')[0] ?? '0') - 1;
  } catch {
    // Not Linux: the load average alone.
  }
  const load = Math.max(loadavg()[0] ?? 0, Number.isFinite(runnable) ? runnable : 0);
  return load / Math.max(1, availableParallelism());
};

/** Failures a person would count: cells that errored or were killed. */
const failuresIn = (events: readonly AnyEnvelope[]): string[] =>
  events.flatMap((e) => {
    if (e.type === 'scratchpad.cell.killed') return [`cell on pad "${e.data.pad}" killed: ${e.data.reason}`];
    if (e.type === 'scratchpad.cell.executed' && !e.data.ok) return [`cell on pad "${e.data.pad}" failed: ${(e.data.error || e.data.stderr).trim().split('\n').at(-1) ?? ''}`];
    return [];
  });

/**
 * `engram demo`: two real sessions, offline. Session 1 runs into trouble with a scripted policy
 * playing the model (a pad switch, a heavy cell killed twice, one failing open repeated three
 * times); engram learns from it. Session 2 starts with those lessons in its prompt and tool
 * descriptions, and the policy, which follows rules it is shown, avoids the same failures.
 */
export const learningDemo = async (options: DemoOptions): Promise<number> => {
  const home = resolve(options.home ?? mkdtempSync(join(tmpdir(), 'engram-demo-')));
  const project = join(home, 'project');
  mkdirSync(project, { recursive: true, mode: 0o700 });
  writeFileSync(join(project, 'sales.csv'), SALES_CSV);
  let brain: Brain;
  try {
    brain = await openBrain({
      home,
      project,
      modes: { memory: 'autopilot', acc: 'active' },
      llm: { transport: scriptedPolicy(), models: { planning: 'scripted-policy', coding: 'scripted-policy' } },
      scratchpad: demoCellLimits(loadPerCpu()),
      // Only the store setting reaches the demo's brain: the rest of the caller's environment stays out.
      env: { ...(process.env.ENGRAM_STORE === undefined ? {} : { ENGRAM_STORE: process.env.ENGRAM_STORE }), ...(process.env.ENGRAM_TENANT === undefined ? {} : { ENGRAM_TENANT: process.env.ENGRAM_TENANT }) },
      ...(options.store === undefined ? {} : { store: options.store }),
      ...(options.tenant === undefined ? {} : { tenant: options.tenant }),
      ...(options.accProfile === undefined ? {} : { acc: { profile: options.accProfile } }),
    });
  } catch (err) {
    if (err instanceof AccProfileError || err instanceof StoreSettingError) {
      process.stderr.write(`engram demo: ${err.message}\n`);
      return 2;
    }
    if (!storeUnreachable(err)) throw err;
    process.stderr.write(`engram demo: ${err instanceof Error ? err.message : String(err)}\n`);
    return 3;
  }
  const say = (line = '') => {
    if (!options.json) process.stdout.write(`${line}\n`);
  };
  say('engram demo: two sessions of an agent (a scripted policy plays the model; everything else is real)');
  say(`task: ${TASK}`);
  const sessions: DemoSession[] = [];
  for (const n of [1, 2]) {
    const session = brain.session();
    const result = await session.turn(TASK);
    await session.settled();
    await session.close();
    const events = await session.loggedEvents();
    const failureDetails = failuresIn(events);
    const lessonsLearned = learnedFromLog(events);
    sessions.push({ failures: failureDetails.length, failureDetails, lessonsLearned, eventLog: session.eventLog, answer: result.answer });
    say();
    say(`session ${n}: ${failureDetails.length} failure${failureDetails.length === 1 ? '' : 's'}`);
    for (const f of failureDetails) say(`  - ${f}`);
    say(`  answer: ${result.answer}`);
    if (lessonsLearned.length) {
      say('  learned:');
      for (const l of lessonsLearned) say(`  - [${l.id}] (${l.kind}, ${l.scope}) ${l.rule}\n      stored in ${l.file}`);
    } else say('  learned nothing new');
    say(`  event log: ${session.eventLog}`);
  }
  const [first, second] = sessions as [DemoSession, DemoSession];
  say();
  say(`failures per session: ${first.failures} -> ${second.failures}. Memory home (kept): ${home}`);
  // Advice a person pastes: the engram this install runs, the demo's own home and project (the
  // chat loads the project's lessons only with --project), and the command that re-derives them.
  const engram = engramCommand();
  const where = `--home ${shellWord(home)} --project ${shellWord(project)}`;
  say(`Re-derive what session 1 learned from its log and check it matches: ${engram} replay --check ${shellWord(first.eventLog)}`);
  await brain.close();
  say();
  say('Next, talk to it with a real model, turn after turn, with the memory this demo built:');
  say(`  ANTHROPIC_API_KEY=... ${engram} chat ${where}`);
  say(`  (a local OpenAI-compatible server: OPENAI_BASE_URL=http://127.0.0.1:11434/v1 ${engram} chat --llm openai ${where}; a server with more than one model also needs --planning-model M --coding-model M; see docs/chat.md)`);
  if (options.json)
    process.stdout.write(`${JSON.stringify({ sessions: sessions.map(({ failures, lessonsLearned, eventLog }) => ({ failures, lessonsLearned, eventLog })), memoryHome: home, store: brain.store.kind })}\n`);
  return 0;
};
