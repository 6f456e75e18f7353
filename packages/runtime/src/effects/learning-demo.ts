import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import type { Brain } from '../create-brain.js';
import { learnedFromLog, type LearnedItem } from '../learned-from-log.js';
import { openBrain } from '../open-brain.js';

/** Where the demo keeps its memory and which thresholds and store its sessions run with. */
export interface DemoSetup {
  readonly home?: string;
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

export const DEMO_TASK = 'Summarise Q3 sales by region from sales.csv.';
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
 * The demo's brain: a fresh home (or `--home`) with a project holding sales.csv, the scripted
 * policy as the model (loaded only now: it brings Effect), cell limits for the machine's load.
 * Throws what `openBrain` throws (a bad store setting or ACC profile, an unreachable store).
 */
export const openDemoBrain = async (setup: DemoSetup): Promise<{ readonly brain: Brain; readonly home: string; readonly project: string }> => {
  const home = resolve(setup.home ?? mkdtempSync(join(tmpdir(), 'engram-demo-')));
  const project = join(home, 'project');
  mkdirSync(project, { recursive: true, mode: 0o700 });
  writeFileSync(join(project, 'sales.csv'), SALES_CSV);
  const { scriptedPolicy } = await import('../demo/scripted-policy.js');
  const brain = await openBrain({
    home,
    project,
    modes: { memory: 'autopilot', acc: 'active' },
    llm: { transport: scriptedPolicy(), models: { planning: 'scripted-policy', coding: 'scripted-policy' } },
    scratchpad: demoCellLimits(loadPerCpu()),
    // Only the store setting reaches the demo's brain: the rest of the caller's environment stays out.
    env: { ...(process.env.ENGRAM_STORE === undefined ? {} : { ENGRAM_STORE: process.env.ENGRAM_STORE }), ...(process.env.ENGRAM_TENANT === undefined ? {} : { ENGRAM_TENANT: process.env.ENGRAM_TENANT }) },
    ...(setup.store === undefined ? {} : { store: setup.store }),
    ...(setup.tenant === undefined ? {} : { tenant: setup.tenant }),
    ...(setup.accProfile === undefined ? {} : { acc: { profile: setup.accProfile } }),
  });
  return { brain, home, project };
};

/** One demo session on the brain: the task, its failures as a person counts them, what it learned. */
export const runDemoSession = async (brain: Brain): Promise<DemoSession> => {
  const session = brain.session();
  const result = await session.turn(DEMO_TASK);
  await session.settled();
  await session.close();
  const events = await session.loggedEvents();
  const failureDetails = failuresIn(events);
  return { failures: failureDetails.length, failureDetails, lessonsLearned: learnedFromLog(events), eventLog: session.eventLog, answer: result.answer };
};
