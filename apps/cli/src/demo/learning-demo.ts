import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { AccProfileError, learnedFromLog, openBrain, StoreSettingError, storeUnreachable, type Brain, type LearnedItem } from '@engram/runtime';
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
/** Short limits so the heavy habit is killed quickly and the demo stays well under a minute. */
const DEMO_CELL_TIMEOUT_MS = 1500;
const DEMO_INACTIVITY_MS = 1000;
const SALES_CSV = ['region,quarter,amount', 'north,Q2,120.5', 'north,Q3,140.0', 'south,Q3,98.25', 'east,Q3,77.0', 'west,Q2,65.0', 'south,Q2,88.0'].join('\n') + '\n';

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
      scratchpad: { timeoutMs: DEMO_CELL_TIMEOUT_MS, inactivityMs: DEMO_INACTIVITY_MS },
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
  say(`Replay what was learned: npx engram log stats ${first.eventLog}`);
  await brain.close();
  say();
  say('Next, talk to it with a real model, turn after turn, with the memory this demo built:');
  say(`  ANTHROPIC_API_KEY=... npx engram chat --home ${home}`);
  say(`  (a local OpenAI-compatible server: OPENAI_BASE_URL=http://127.0.0.1:11434/v1 npx engram chat --llm openai --planning-model M --coding-model M --home ${home}; see docs/chat.md)`);
  if (options.json)
    process.stdout.write(`${JSON.stringify({ sessions: sessions.map(({ failures, lessonsLearned, eventLog }) => ({ failures, lessonsLearned, eventLog })), memoryHome: home, store: brain.store.kind })}\n`);
  return 0;
};
