import { newSessionId, systemClock, type Clock, type Embedder, type IdSource } from '@engram/kernel';
import { parseEnvSwitch } from '@engram/kernel/env';
import { parseAccMode } from '@engram/acc';
import { embedderFromEnv, episodicMemoryEnabled } from '@engram/hippocampus';
import { parseMemoryMode as parseCortexMemoryMode } from '@engram/cortex';
import { engramPaths, type EngramPaths } from './engram-paths.js';
import { EngramSession, type AccMode, type MemoryMode, type SessionOptions } from './engram-session.js';
import type { LlmSource } from './session-llm.js';
import { resumeSession } from './resume-session.js';
import { hostToolsByName, type HostTool } from './host-tool.js';
import type { HistoryParams } from './compaction-plan.js';
import { resumeStateOf, type ResumeState } from './resume-from-log.js';
import { sessionIdProblem } from '@engram/store';
import { brainMemory, type BrainMemory } from './audit/brain-memory.js';
import { brainInstincts, type BrainInstincts } from './instincts/brain-instincts.js';
import { readAccProfile, readProjectAccProfile, type AccProfile } from './read-acc-profile.js';
import { fileBrainStores, type BrainStores, type SessionLease } from './brain-stores.js';

export interface BrainOptions {
  /** The global root; default `$ENGRAM_HOME` or `~/.engram`. */
  readonly home?: string;
  /** The project folder; default none (event logs then go to the global root). */
  readonly project?: string | null;
  readonly modes?: { readonly memory?: MemoryMode; readonly acc?: AccMode; readonly episodic?: boolean };
  readonly clock?: Clock;
  readonly ids?: IdSource;
  readonly env?: NodeJS.ProcessEnv;
  /** The model for `session.turn()` and post-mortems (settings or a transport); none for host-driven use. */
  readonly llm?: LlmSource;
  readonly scratchpad?: SessionOptions['scratchpad'];
  readonly guards?: SessionOptions['guards'];
  /**
   * The habit loop at each session's end (`settled()`, `close()`): `auto` (default
   * `ENGRAM_AUTO_INSTINCTS`, on) runs `instincts.settle()`, which reads only the logs that changed
   * and promotes and decays as `engram instincts promote` does.
   */
  readonly instincts?: { readonly auto?: boolean };
  /**
   * The ACC's detector thresholds: `profile` is a profile file (what `engram sim --save-profile`
   * writes), a parsed profile, or null for none; default `<project>/.engram/acc.json` when it
   * exists. A bad file is an `AccProfileError` naming the file and the field.
   */
  readonly acc?: { readonly profile?: string | AccProfile | null };
  /**
   * Host tools offered to the model in every engram-driven turn (`session.turn()`), beside the
   * built-in ones and a turn's own (`turn(message, { tools })`). A bad name is an error here.
   */
  readonly tools?: readonly HostTool[];
  /** The conversation budget of engram-driven sessions (docs/chat-sessions.md); default `defaultHistoryParams`. */
  readonly history?: Partial<HistoryParams>;
  /**
   * Where sessions keep their log, memory, skills, recipes and pending queue: stores opened by
   * `openBrainStores` (PostgreSQL), shared by every session of this brain. Default: the files.
   * With `ENGRAM_STORE` set and no `store`, createBrain refuses (it cannot connect synchronously):
   * use `openBrain`, which opens the store the setting names.
   */
  readonly store?: BrainStores;
  /**
   * Meaning beside words: an `Embedder` (e.g. `openAiEmbedder({ url, model })`) ranks recall, the
   * memory block and pre-call advice by both (reciprocal rank fusion). Default: the one
   * `ENGRAM_EMBEDDER_URL` and `ENGRAM_EMBED_MODEL` name, else none (words only); null: none.
   */
  readonly embedder?: Embedder | null;
}

export interface Brain {
  readonly paths: EngramPaths;
  readonly modes: { readonly memory: MemoryMode; readonly acc: AccMode };
  /**
   * Opens a new session (a new event log); with `resume: true` and the id of a session whose log
   * exists, carries that session on from its log instead (see `SessionOpenOptions`).
   */
  session(options?: SessionOpenOptions): EngramSession;
  /** The memory audit, provenance and ageing out, read from the event logs (docs/audit.md). */
  readonly memory: BrainMemory;
  /** The cross-session habit loop: analyze, promote, archive, list, show (docs/basal-ganglia.md). */
  readonly instincts: BrainInstincts;
  /** The embedder ranking by meaning beside words, or null (words only: the default). */
  readonly embedder: Embedder | null;
  /** Where sessions keep what they learn: `files` (the default) or `postgres`. */
  readonly store: { readonly kind: BrainStores['kind']; readonly location: string };
  /**
   * The ports of every store of this brain (semantic memory, pending queue, skills, recipes,
   * episodes...), for tools that work on memory outside a session (the CLI's memory and skills
   * commands). The files' stores are made when first asked for.
   */
  readonly stores: BrainStores;
  /**
   * Where a session's log left off, read from the brain's store (its JSONL file, or PostgreSQL's
   * event log); null when the session has no log yet. Pass it as `session({ sessionId, resume })`:
   * the one way to resume on PostgreSQL, where `resume: true` cannot read the log synchronously.
   */
  resumeState(sessionId: string, onLogProblem?: (problem: string) => void): Promise<ResumeState | null>;
  /**
   * Holds a session for this host alone while it keeps it open (`engram chat` does, from before it
   * reads the log to resume until it suspends): a lock beside the file log, or an advisory lock
   * every machine on the PostgreSQL server sees. 'taken' when another live host holds it.
   */
  holdSession(sessionId: string): Promise<SessionLease | 'taken'>;
  /** Releases the store's connections (nothing to do for files); sessions must be closed first. */
  close(): Promise<void>;
}

export interface SessionOpenOptions {
  readonly sessionId?: string;
  /**
   * Carry the session on if its log exists: the region cores fold the log, the bus continues its
   * numbering, and nothing is published (no second `executive.session.started`). Hook-driven
   * hosts resume in every hook process and `suspend()` at the end of each. Without a log, a new
   * session with this id starts. A host that has already read the log (`resumeSession`) passes
   * the state it got, so the log is read once.
   */
  readonly resume?: boolean | ResumeState;
  /** Told about each bad line skipped while reading the log to resume (`file:line: field: problem`). */
  readonly onLogProblem?: (problem: string) => void;
}

/** Reads `ENGRAM_MEMORY_MODE`; an unknown value is an error (an `EnvChoiceError`) rather than a silent default (Anton gap §15.30). */
export const parseMemoryMode = (raw: string | undefined): MemoryMode => parseCortexMemoryMode(raw);

/**
 * The entry point for hosts. Plain objects, Promises and Observables only: a host never needs
 * to know Effect or XState.
 */
export const createBrain = (options: BrainOptions = {}): Brain => {
  const env = options.env ?? process.env;
  if (options.store === undefined && env.ENGRAM_STORE !== undefined && env.ENGRAM_STORE !== '')
    throw new Error('ENGRAM_STORE is set, but createBrain() cannot connect to a store: open the brain with `await openBrain(options)` (or pass `store: await openBrainStores(...)`)');
  const paths = engramPaths({ home: options.home, project: options.project }, env);
  const modes = {
    memory: options.modes?.memory ?? parseMemoryMode(env.ENGRAM_MEMORY_MODE),
    acc: options.modes?.acc ?? parseAccMode(env.ENGRAM_ACC_MODE),
  };
  const episodic = options.modes?.episodic ?? episodicMemoryEnabled(env.ENGRAM_EPISODIC_MEMORY);
  const clock = options.clock ?? systemClock;
  const embedder = options.embedder === undefined ? embedderFromEnv(env) : options.embedder;
  const wanted = options.acc?.profile;
  const accProfile = wanted === undefined ? (paths.project === null ? null : readProjectAccProfile(paths.project)) : typeof wanted === 'string' ? readAccProfile(wanted) : wanted;
  const store = options.store;
  // The files' stores, made once when first asked for (each is a set of paths and opens nothing).
  let files: BrainStores | undefined;
  const brainStores = (): BrainStores => store ?? (files ??= fileBrainStores(paths, clock));
  const instincts = brainInstincts(paths, clock, brainStores);
  // A bad tool name is the host's mistake: told now, not at the first turn.
  const tools = options.tools ?? [];
  hostToolsByName(tools);
  // On every store: the habit loop lists and reads the logs through the store (`stores.logs`).
  const autoInstincts = options.instincts?.auto ?? parseEnvSwitch('ENGRAM_AUTO_INSTINCTS', env.ENGRAM_AUTO_INSTINCTS, true);
  return {
    paths,
    modes,
    memory: brainMemory(paths, modes.memory, clock, store ?? null),
    instincts,
    embedder,
    store: store === undefined ? { kind: 'files', location: paths.home } : { kind: store.kind, location: store.location },
    get stores() {
      return store ?? fileBrainStores(paths, clock);
    },
    close: () => store?.close() ?? Promise.resolve(),
    holdSession: (sessionId) => {
      const bad = sessionIdProblem(sessionId);
      return bad === null ? brainStores().holdSession(sessionId) : Promise.reject(new Error(`cannot hold the session: ${bad}`));
    },
    resumeState: async (sessionId, onLogProblem) => {
      if (store === undefined || store.kind === 'files') return resumeSession(paths, sessionId, onLogProblem);
      const bad = sessionIdProblem(sessionId);
      if (bad !== null) throw new Error(`cannot resume: ${bad}`);
      const events = await store.eventLog(sessionId).read();
      return events.length === 0 ? null : resumeStateOf(events);
    },
    session: (s = {}) => {
      const sessionId = s.sessionId ?? newSessionId(clock.now());
      if (s.resume === true && store !== undefined && store.kind !== 'files')
        throw new Error(`cannot resume session ${sessionId} synchronously from ${store.location}: pass \`resume: await brain.resumeState(id)\``);
      const resume = s.resume === true ? resumeSession(paths, sessionId, s.onLogProblem) : s.resume || null;
      return new EngramSession({
        sessionId,
        paths,
        modes,
        episodic,
        clock,
        ...(options.ids ? { ids: options.ids } : {}),
        ...(options.llm ? { llm: options.llm } : {}),
        ...(options.scratchpad ? { scratchpad: options.scratchpad } : {}),
        ...(options.guards ? { guards: options.guards } : {}),
        ...(tools.length > 0 ? { tools } : {}),
        ...(options.history ? { history: options.history } : {}),
        ...(resume ? { resume } : {}),
        ...(autoInstincts ? { learnHabits: () => instincts.settle() } : {}),
        accProfile,
        embedder,
        stores: store ?? fileBrainStores(paths, clock),
      });
    },
  };
};
