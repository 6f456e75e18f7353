import { join, resolve } from 'node:path';
import { isSessionId, isTagged } from '@engram/kernel';
import type { ResolvedLlmConfig } from '@engram/llm';
import {
  modelBrainOptions,
  openBrain,
  readModelSettings,
  storeSettings,
  type Brain,
  type EngramSession,
  type MemoryMode,
  type SessionLease,
} from '@engram/runtime';
import { CHAT_EXIT } from './chat-exit.js';
import type { ChatOptions } from './run-chat.js';

/** What a chat runs on once opened: the brain on its store, the session (new or resumed) held for this chat, and the settings read. */
export interface OpenedChat {
  readonly project: string;
  readonly config: ResolvedLlmConfig;
  readonly memoryMode: MemoryMode;
  readonly brain: Brain;
  readonly session: EngramSession;
  readonly lease: SessionLease | null;
  /** What could not be read of a resumed log (said as notes, the rest resumed). */
  readonly problems: readonly string[];
}

const modeOf = (flag: string): MemoryMode => {
  if (flag === 'copilot' || flag === 'autopilot') return flag;
  throw new Error(`--mode must be copilot or autopilot, not ${JSON.stringify(flag)}`);
};

/**
 * Opens what `engram chat` runs on, or says why not on stderr and gives the exit code: the model
 * settings (flags, environment, config files), the brain on the store `--store`/`ENGRAM_STORE`
 * names (the runtime's `openBrain`, as `engram run` and the MCP server), and the session, new or
 * resumed from its log and held for this chat alone.
 */
export const openChatSession = async (options: ChatOptions, exitCodeOf: (err: unknown) => number): Promise<OpenedChat | number> => {
  const project = resolve(options.project ?? process.cwd());
  const fail = (message: string): number => {
    process.stderr.write(`engram chat: ${message}\n`);
    return CHAT_EXIT.usage;
  };
  let settings;
  try {
    // A server with one model needs no model flag: its only model is used, and said so on stderr.
    const onNote = (text: string) => void process.stderr.write(`engram chat: ${text}\n`);
    settings = await readModelSettings({ project, home: options.home, llm: options.llm ?? {}, ...(options.mode === undefined ? {} : { mode: modeOf(options.mode) }), onNote });
  } catch (err) {
    if (err instanceof Error) return fail(err.message);
    throw err;
  }
  const { config, memoryMode } = settings;
  let brain: Brain;
  try {
    // The runtime's one way to open a brain on the store `--store`/`ENGRAM_STORE` names, as `engram run` and the MCP server do.
    brain = await openBrain(modelBrainOptions(options, { project, ...settings }));
  } catch (err) {
    // A tagged error (a bad setting, a refused role, a store that cannot be reached: exit 2 or 3)
    // or any failure to open a named store is one line and the exit code its tag gives; anything
    // else on the files is a defect, thrown with its stack.
    if (!isTagged(err) && storeSettings({ store: options.store, tenant: options.tenant }) === null) throw err;
    process.stderr.write(`engram chat: ${err instanceof Error ? err.message : String(err)}\n`);
    return exitCodeOf(err);
  }
  const problems: string[] = [];
  let session: EngramSession;
  let lease: SessionLease | null;
  if (options.resume === undefined) {
    session = brain.session();
    const mine = await brain.holdSession(session.id);
    lease = mine === 'taken' ? null : mine;
  } else {
    if (!isSessionId(options.resume)) return closing(brain, fail(`--resume takes a session id like 20260101_120000_ab12, not ${JSON.stringify(options.resume)}`));
    // Before the log is read: what another chat still appends would be missing from this one's history.
    const taken = await brain.holdSession(options.resume);
    if (taken === 'taken') return closing(brain, fail(`session ${options.resume} is open in another engram chat: leave that one first`));
    lease = taken;
    // Read from the brain's own store: the JSONL file, or PostgreSQL's event log.
    const state = await brain.resumeState(options.resume, (p) => problems.push(p));
    if (state === null) {
      await lease?.();
      return closing(brain, fail(`no session ${options.resume} to resume: ${brain.store.kind === 'files' ? `${join(brain.paths.eventsDir, `${options.resume}.jsonl`)} does not exist` : `no events of it in ${brain.store.location}`}`));
    }
    session = brain.session({ sessionId: options.resume, resume: state });
  }

  return { project, config, memoryMode, brain, session, lease, problems };
};

/** Releases the store's connections before an early exit (nothing to release for the files). */
const closing = async (brain: Brain, code: number): Promise<number> => {
  await brain.close();
  return code;
};
