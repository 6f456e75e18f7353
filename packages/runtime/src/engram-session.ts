import { defaultAccCoreParams, type AccCoreParams } from '@engram/acc';
import { createBus, type Bus } from '@engram/bus';
import type { AnyEnvelope, EventData } from '@engram/events';
import { failureSignature, scrubAndCap, scrubSecrets, scrubValue, systemClock, toolTarget, type Awaitable, type Clock, type Embedder, type IdSource } from '@engram/kernel';
import type { Observable } from 'rxjs';
import { attachBrain, type AttachedBrain } from './attach-brain.js';
import { brainCores, defaultBrainCoreParams } from './cores/brain-cores.js';
import { keepResumeCheckpoint, NO_PREFIX } from './effects/keep-resume-checkpoint.js';
import { removeResumeCheckpoint } from './effects/resume-checkpoint-file.js';
import { breakerCall, breakerVerdict, defaultBreakerParams, verdictFor, type BreakerParams, type BreakerVerdict, type ExecutiveState, type HostLesson, type HostNudge } from '@engram/executive/core';
import { ensureDir, type EngramPaths } from '@engram/fs';
import { INPUT_LIMITS } from './input-limits.js';
import { CellReportSchema, parseReport, ToolCallReportSchema, ToolResultReportSchema, type CellReport, type ToolCallReport, type ToolResultReport } from './host-reports.js';
import { SessionLog } from './session-log.js';
import { SessionMemory } from './session-memory.js';
import type { LlmSource, SessionLlm } from './session-llm.js';
import type { runTurn as RunTurnFn, TurnOptions, TurnOutcome } from './run-turn.js';
import { learningEffects } from './learning-effects.js';
import { createScratchpadHost, toCellEvent, type CellResult, type ScratchpadHost, type ScratchpadHostOptions } from '@engram/scratchpad';
import { defaultCerebellumParams, lessonOutcome, pendingFlush, recordLessonOutcome, recordLessonShown } from '@engram/cerebellum';
import { FileCallLessons } from './effects/file-call-lessons.js';
import { FileCallOutcomes } from './effects/file-call-outcomes.js';
import { BackgroundWork } from './background-work.js';
import { SessionEpisodes } from './session-episodes.js';
import { handleRecall, handleRecallSkill, type RecipeStore, type SkillStore } from '@engram/hippocampus';
import { fileBrainStores, type BrainStores } from './brain-stores.js';
import { recipeStrategies } from './recipe-strategies.js';
import { decidePreCall } from './cores/decide-pre-call.js';
import { readPreCall } from './read-pre-call.js';
import { defaultConsolidationParams, identityDue, pendingReplays, type MemorizeReport, type PendingItem, type ProposalResult } from '@engram/cortex';
import { summariseArgs } from './summarise-args.js';
import type { ResumeState } from './resume-from-log.js';
import { runFallbackChain, type FallbackOutcome, type FallbackStep } from './fallback-chain.js';
import { FallbackRegistry } from './fallback-registry.js';
import type { AccProfile } from './read-acc-profile.js';
import { hostToolsByName, type HostTool } from './host-tool.js';
import { activityOf } from './turn-activity.js';
import { emptyHistory, evolveHistory, historyMessages, historyTokens, type ChatHistory } from './chat-history.js';
import { COMPACTION_SYSTEM, compactionPlan, defaultHistoryParams, type HistoryParams } from './compaction-plan.js';
import { z } from 'zod';
import type { LlmTool } from '@engram/llm';

/** The engram-driven loop's type: the module itself loads on the first `turn()` only. */
type RunTurn = typeof RunTurnFn;

/** The answer of a compaction request: the summary of the turns given. */
const ConversationSummarySchema = z.object({ summary: z.string().describe('The summary: short notes of what the later turns may need.') });

/** What `preCall` answers: the breaker's verdict and the advice to show the model ("" when none). */
export interface PreCallAdvice {
  readonly verdict: BreakerVerdict;
  readonly advice: string;
}

export type MemoryMode = EventData<'executive.session.started'>['modes']['memory'];
export type AccMode = EventData<'executive.session.started'>['modes']['acc'];

export type Nudge = HostNudge;

export type LearnedLesson = HostLesson;

export interface TurnSummary {
  readonly turn: number;
  readonly lessons: readonly LearnedLesson[];
}

export interface SessionOptions {
  readonly sessionId: string;
  readonly paths: EngramPaths;
  readonly modes: { readonly memory: MemoryMode; readonly acc: AccMode };
  /** Episodic memory on (default) or off (`ENGRAM_EPISODIC_MEMORY=0`); sessions outside a project keep none. */
  readonly episodic?: boolean;
  readonly clock?: Clock;
  readonly ids?: IdSource;
  readonly acc?: AccCoreParams;
  /**
   * A detector profile (`createBrain({ acc: { profile } })`, `<project>/.engram/acc.json`): its
   * thresholds are put in force by recording `acc.params.configured`, so replay uses them too.
   */
  readonly accProfile?: AccProfile | null;
  /** The model for engram-driven turns (`turn()`) and post-mortems; without one the cerebellum learns from its classifier. */
  readonly llm?: LlmSource;
  /** The per-turn circuit breaker's limits (default: warn after 2 identical failures, block after 3). */
  readonly guards?: BreakerParams;
  /** Limits of the session's scratchpads (timeouts, output caps). */
  readonly scratchpad?: Pick<ScratchpadHostOptions, 'timeoutMs' | 'inactivityMs' | 'maxOutputBytes' | 'runtimes'>;
  /** Carry on a session from its log (`brain.session({ resume: true })`) instead of starting one. */
  readonly resume?: ResumeState;
  /** Host tools offered in every engram-driven turn (`createBrain({ tools })`). */
  readonly tools?: readonly HostTool[];
  /** How much conversation engram-driven turns carry and when old turns are summarised (default `defaultHistoryParams`). */
  readonly history?: Partial<HistoryParams>;
  /**
   * The cross-session habit loop, run once the log is durable at `settled()` and `close()` (the
   * brain's `instincts.settle()`); its failures are kept in `problems()`, never thrown.
   */
  /** Where the session keeps its log, memory, skills, recipes and pending queue (`BrainStores`); the files by default. */
  readonly stores?: BrainStores;
  /** Meaning beside words in recall and the memory block (`createBrain({ embedder })`, `ENGRAM_EMBEDDER_URL`); null: words only. */
  readonly embedder?: Embedder | null;
  readonly learnHabits?: () => Promise<{ readonly complete: boolean; readonly problems: readonly string[]; readonly auditError: Error | null }>;
}

/** Anton checks whether memory needs compacting at every 10th turn end (anton.md §7.4). */
const COMPACTION_EVERY_TURNS = 10;
/** Identity extraction reads the session's last five user messages (anton.md §7.6). */
const IDENTITY_MESSAGES = 5;

export interface TurnResult extends TurnOutcome {
  readonly turn: number;
  readonly lessons: readonly LearnedLesson[];
}

/**
 * One agent session, host-driven: the host runs its own loop and reports what happened (turns,
 * tool calls and results, cells); engram publishes each report as an event, lets the regions
 * react (mid-turn nudges, end-of-turn lessons), and keeps the session's event log durable.
 * Every text a host reports is scrubbed of secrets before it reaches the bus.
 */
export class EngramSession {
  readonly id: string;
  readonly eventLog: string;
  readonly events$: Observable<AnyEnvelope>;
  private readonly bus: Bus;
  private readonly log: SessionLog;
  /** Whether the session's log is a file (which keeps a resume checkpoint beside it). */
  private readonly logOnFile: boolean;
  /** The cores of `brainCores`, the same replay folds: every decision the session derives is theirs. */
  private readonly brain: AttachedBrain;
  private readonly memory: SessionMemory;
  private readonly background = new BackgroundWork();
  private readonly episodes: SessionEpisodes | null;
  private readonly skills: SkillStore;
  private readonly recipes: RecipeStore;
  /** The project's call lessons (null outside a project or with memory off): learned by the cerebellum, said before the call they are about. */
  private readonly callLessons: FileCallLessons | null;
  /** The project's record of its calls (null outside a project or with memory off): runs and failures per call key, merged at each turn's end. */
  private readonly callOutcomes: FileCallOutcomes | null;
  /** How many of the turn's nudges the host has read (`nudges()`): a read cursor, not state of the session. */
  private nudgesRead = 0;
  private closed = false;
  private llm: Promise<SessionLlm> | null = null;
  private pads: ScratchpadHost | null = null;
  private readonly fallbacks = new FallbackRegistry();
  private readonly habitProblems: string[] = [];
  /** The conversation, folded from the session's events (the log's, when resumed): what `turn()` sends ahead of its message. */
  private folded: ChatHistory = emptyHistory;
  /** Events not folded into the conversation yet: folded when it is first read, which a hook's process never does. */
  private unfolded: AnyEnvelope[] = [];
  private readonly historyParams: HistoryParams;

  constructor(private readonly options: SessionOptions) {
    this.id = options.sessionId;
    const resume = options.resume;
    if (resume?.ended) throw new Error(`session ${options.sessionId} has ended (its log holds executive.session.ended); start a new session`);
    this.bus = createBus({ sessionId: options.sessionId, ...(options.clock ? { clock: options.clock } : {}), ...(options.ids ? { ids: options.ids } : {}), ...(resume ? { lastSeq: resume.lastSeq, position: resume.position } : {}) });
    this.events$ = this.bus.events$;
    const clock = options.clock ?? systemClock;
    const stores = options.stores ?? fileBrainStores(options.paths, clock);
    const logWriter = stores.eventLog(options.sessionId);
    this.eventLog = logWriter.location;
    this.log = new SessionLog(this.bus, logWriter);
    const postMortem = options.llm ? 'llm' : 'classifier';
    const cores = brainCores({
      ...defaultBrainCoreParams,
      acc: { ...(options.acc ?? defaultAccCoreParams), mode: options.modes.acc },
      cerebellum: { ...defaultCerebellumParams, postMortem },
      consolidation: postMortem === 'llm' ? defaultConsolidationParams : null,
    });
    this.brain = attachBrain(this.bus, cores, resume?.events, resume?.checkpoint);
    this.logOnFile = stores.kind === 'files';
    this.historyParams = { ...defaultHistoryParams, ...options.history };
    if (resume) this.unfolded = [...resume.events];
    this.bus.subscribe('chat-history', (e) => {
      this.unfolded.push(e);
    });
    this.bus.subscribe('session-fallbacks', (e) => {
      if (e.type === 'executive.fallback.resolved') this.fallbacks.observe(e);
    });
    if (resume) for (const e of resume.events) if (e.type === 'executive.fallback.resolved') this.fallbacks.observe(e);
    this.memory = new SessionMemory(this.bus, options.paths, options.modes.memory, clock, this.background, options.llm ? () => this.sessionLlm() : undefined, stores, options.embedder ?? null);
    const episodes = stores.episodes === 'sqlite' ? (options.paths.project === null ? null : { kind: 'files' as const, projectDir: options.paths.project }) : stores.episodes === null ? null : { kind: 'store' as const, store: stores.episodes };
    this.episodes = episodes === null ? null : new SessionEpisodes(this.bus, episodes, options.episodic ?? true, clock, options.embedder ?? null);
    this.skills = stores.skills;
    // Recovery recipes are procedural memory: learned by the basal ganglia's core, kept beside the skills.
    this.recipes = stores.recipes;
    this.bus.subscribe('recipe-memory', (e) => {
      if (e.type === 'basal-ganglia.recipe.learned') this.background.track(this.recipes.record(e.data, { at: e.at, sessionId: e.sessionId }));
    });
    this.callLessons = options.paths.projectDir === null || options.paths.project === null || options.modes.memory === 'off' ? null : new FileCallLessons(options.paths.projectDir, options.paths.project);
    this.bus.subscribe('call-lessons', (e) => {
      if (e.type === 'cerebellum.call.learned' && this.callLessons !== null) this.background.track(this.callLessons.record(e.data, e.at, e.sessionId));
    });
    // The record is a file in the project's folder; with a PostgreSQL store nothing learned may live
    // outside the tenant's rows, and the store has no table for it yet, so it is kept for the turn only.
    this.callOutcomes = this.callLessons === null || stores.kind !== 'files' ? null : new FileCallOutcomes(options.paths.projectDir ?? '', options.paths.project ?? '');
    // The turn's record of its calls joins the project's at the turn's end (the core keeps it until the next turn starts).
    this.bus.subscribe('call-outcomes', (e) => {
      if (this.callOutcomes !== null && (e.type === 'executive.turn.completed' || e.type === 'executive.turn.failed' || e.type === 'executive.turn.cancelled')) this.background.track(this.callOutcomes.merge(this.brain.state('cerebellum.outcomes').turn));
    });
    if (postMortem === 'llm') {
      this.watchMemoryUpkeep(resume?.events ?? []);
      // Each effect reads what it carries out from its core's state here, at the event that asks for it
      // (the core moves on while the model loads): no effect holds the live state across events.
      this.bus.subscribe('cerebellum-post-mortem', (e) => {
        const flush = e.type === 'executive.turn.completed' ? pendingFlush(this.brain.state('cerebellum'), e.id) : undefined;
        if (flush !== undefined) this.background.track(Promise.all([this.sessionLlm(), learningEffects()]).then(([llm, fx]) => fx.postMortemWithClient(flush, llm)));
      });
      // Sleep replay needs a model: its core is attached only then (brainCores).
      this.bus.subscribe('consolidation', (e) => {
        if (e.type !== 'executive.turn.completed') return;
        const consolidation = this.brain.state('cortex.consolidation');
        const replays = pendingReplays(consolidation, e.id);
        if (replays.length > 0) this.background.track(Promise.all([this.sessionLlm(), learningEffects()]).then(([llm, fx]) => fx.consolidateTurnEnd(replays, consolidation.params, llm)));
      });
    }
    if (!resume) this.bus.publish('executive.session.started', { project: options.paths.project, home: options.paths.home, modes: { ...options.modes } });
    // Limits other than the ones in force (the defaults, or the log's) are recorded, so replay derives the breaker's verdicts with them.
    const limits = (l: BreakerParams) => ({ warnAt: l.warnAt, blockAt: l.blockAt, perTool: { ...l.perTool } });
    const guards = limits(options.guards ?? defaultBreakerParams);
    if (JSON.stringify(limits(this.exec().limits)) !== JSON.stringify(guards)) this.bus.publish('executive.guards.configured', guards);
    // A profile other than the thresholds in force (the defaults, or the log's) is recorded; the ACC core adopts it from the event.
    const profile = options.accProfile ?? null;
    if (profile !== null && JSON.stringify(this.brain.state('acc').params) !== JSON.stringify(profile.params)) {
      this.bus.publish('acc.params.configured', { profile: profile.name, params: { ...profile.params, toolErrorIgnoredTools: [...profile.params.toolErrorIgnoredTools] } });
    }
    // A resumed session starts with every nudge of the open turn read: they were answered by an earlier process.
    this.nudgesRead = this.exec().nudges.length;
  }

  /**
   * Identity extraction and automatic compaction at the moments Anton runs them (anton.md §7.4,
   * §7.6), with a model only: after every `IDENTITY_EVERY_TURNS`th completed turn, the last user
   * messages go to the model for lasting facts about the user, merged into the global profile;
   * after every `COMPACTION_EVERY_TURNS`th, a store over `AUTO_COMPACTION_THRESHOLD` entries is
   * compacted. Both run as background work (`settled()` waits); the model calls are recorded as
   * `llm.call.*` (purposes `identity`, `compaction`), their request and outcome, and nothing a
   * core derives depends on them, so replay stays exact. Nothing in memory mode off.
   */
  private watchMemoryUpkeep(resumed: readonly AnyEnvelope[]): void {
    const recent: string[] = [];
    const remember = (e: AnyEnvelope) => {
      if (e.type !== 'executive.turn.started') return;
      recent.push(e.data.message);
      if (recent.length > IDENTITY_MESSAGES) recent.shift();
    };
    for (const e of resumed) remember(e);
    this.bus.subscribe('memory-upkeep', (e) => {
      remember(e);
      if (e.type !== 'executive.turn.completed' || this.options.modes.memory === 'off') return;
      const turn = e.turn;
      if (identityDue(turn)) {
        const messages = [...recent];
        this.background.track(this.sessionLlm().then((llm) => this.memory.cortex.updateIdentity(messages, llm)));
      }
      if (turn > 0 && turn % COMPACTION_EVERY_TURNS === 0) this.background.track(this.sessionLlm().then((llm) => this.memory.autoCompact(llm)));
    });
  }

  private get history(): ChatHistory {
    if (this.unfolded.length > 0) {
      this.folded = this.unfolded.reduce(evolveHistory, this.folded);
      this.unfolded = [];
    }
    return this.folded;
  }

  /** The executive core's folded state: what is open, the ids made up, the breaker, the turn's nudges and lessons. */
  private exec(): ExecutiveState {
    return this.brain.state('executive');
  }

  /** A turn is open (started, and not completed, failed or cancelled): also after resuming a log that left one open. */
  get inTurn(): boolean {
    return this.exec().inTurn;
  }

  private requireTurn(what: string): void {
    if (this.closed) throw new Error(`session ${this.id} is closed; cannot report ${what}`);
    if (!this.inTurn) throw new Error(`no turn is open: call startTurn(message) before reporting ${what}`);
  }

  private openRound(): void {
    if (this.exec().roundOpen) return;
    this.bus.publish('executive.round.started', { round: this.bus.position.round + 1 });
  }

  /** Opens a turn with the user's message. */
  startTurn(message: string): void {
    if (this.closed) throw new Error(`session ${this.id} is closed`);
    if (this.inTurn) this.cancelTurn('a new turn started before this one ended');
    this.nudgesRead = 0;
    this.bus.publish('executive.turn.started', { message: scrubAndCap(message, INPUT_LIMITS.message) });
  }

  /** Reports a tool call the host's model made; returns its tool_use id. */
  toolCalled(report: ToolCallReport): string {
    this.requireTurn('a tool call');
    const r = parseReport(ToolCallReportSchema, 'tool call', report);
    this.openRound();
    const toolUseId = r.id ?? `tool-${this.exec().nextToolId + 1}`;
    const input = scrubValue(r.input, { scrub: (text) => scrubAndCap(text, INPUT_LIMITS.inputString) });
    this.bus.publish('executive.tool.called', { toolUseId, name: r.name, input, argsSummary: summariseArgs(input) });
    return toolUseId;
  }

  /** Reports what a tool returned. */
  toolResulted(report: ToolResultReport): void {
    this.requireTurn('a tool result');
    const r = parseReport(ToolResultReportSchema, 'tool result', report);
    this.openRound();
    const error = scrubAndCap(r.error, INPUT_LIMITS.toolText);
    const said = this.exec().lessonCalls.get(r.id);
    this.bus.publish('executive.tool.resulted', { toolUseId: r.id, name: r.name, ok: r.ok, error, output: scrubAndCap(r.output, INPUT_LIMITS.toolText), durationMs: r.durationMs });
    // The record of use of a lesson said before this call: its failure happened anyway, another one, or the call worked.
    if (said !== undefined && this.callLessons !== null) {
      const signature = r.ok ? '' : failureSignature(error);
      this.background.track(this.callLessons.update(said, (l) => recordLessonOutcome(l, lessonOutcome(l, r.ok, signature))));
    }
  }

  /**
   * Everything to do before running a tool (call it after `toolCalled`): the circuit breaker's
   * verdict (`guard`); unless it blocks, the warning from what was learned (a `never` rule that
   * applies to the call, else `callWarning`: an unchanged retry, a call lesson, or the pattern's
   * record) and the advice for the call: the rules, lessons and recovery recipes relevant to this
   * tool, its arguments and the turn so far, ranked and within a budget, leaving out what the model
   * was already shown this turn. What it read is recorded first (`cortex.precall.read`, caused by
   * the call), then decided by the pure `decidePreCall`, and what it decided is recorded
   * (`executive.tool.guarded`, `cortex.context.injected` target `pre-call`, caused by the read), so
   * replay decides again and `--check` compares. Put `advice` in front of the model with the
   * call's result (or, for hosts that can, before the call).
   */
  async preCall(toolUseId: string, name: string, input: unknown): Promise<PreCallAdvice> {
    const verdict = this.guard(toolUseId, name, input);
    if (verdict.action === 'block') return { verdict, advice: '' };
    const fold = this.brain.state('executive.precall').turn;
    const called = fold.calls.get(toolUseId);
    // The input as `executive.tool.called` recorded it: the decision reads what replay will read.
    const args = called?.input ?? scrubValue(input, { scrub: (text) => scrubAndCap(text, INPUT_LIMITS.inputString) });
    const ask = { toolUseId, name, input: args, breakerWarned: verdict.action !== 'allow', turnText: [fold.message, ...fold.errors].join('\n'), shown: fold.shown };
    const sources = { cortex: this.memory.cortex, recipes: async () => (await this.recipes.list()).recipes, callOutcomes: this.callOutcomes, callLessons: this.callLessons, callWarnings: this.options.modes.memory !== 'off' };
    const { read, memory } = await readPreCall(sources, ask, fold.memory, this.brain.state('cerebellum.outcomes'));
    // A call never reported has no event to cause its read: decided all the same, its events are read as given by replay.
    const recorded = called === undefined ? null : this.bus.publish('cortex.precall.read', read, { causationId: called.eventId });
    const nowMs = recorded === null ? (this.options.clock ?? systemClock).now() : Date.parse(recorded.at);
    const { warning, advice } = decidePreCall(read, { ...ask, message: fold.message, errors: fold.errors, memory, nowMs });
    const cause = { causationId: recorded?.id ?? null };
    let shown = verdict;
    if (warning !== null) {
      shown = { action: 'warn', failures: warning.failures, signature: warning.signature, input: '', explanation: warning.explanation };
      this.bus.publish('executive.tool.guarded', { toolUseId, name, action: 'warned', failures: warning.failures, signature: warning.signature, inputSignature: '', explanation: warning.explanation }, cause);
      if (warning.lessonId !== null && this.callLessons !== null) this.background.track(this.callLessons.update(warning.lessonId, recordLessonShown));
    }
    if (advice.injection.items.length > 0) this.bus.publish('cortex.context.injected', advice.injection, cause);
    return { verdict: shown, advice: advice.text };
  }

  /**
   * The per-turn circuit breaker's verdict on a reported call (call it after `toolCalled`):
   * `allow`, `warn` (run it and show the model the explanation) or `block` (do not run it; give
   * the model the explanation as the tool's result). The executive core gives it as the call is
   * reported, from the turn's results so far, and records warnings and blocks as
   * `executive.tool.guarded`; asking again gives the same answer and records nothing more. A
   * call that was never reported gets the verdict the breaker would give it now, for `input`
   * (not recorded: report calls with `toolCalled` first), its input read as `toolCalled` records it. The breaker judges a call by its tool
   * and its normalised input: another input of a tool that keeps failing is allowed.
   */
  guard(toolUseId: string, name: string, input?: unknown): BreakerVerdict {
    this.requireTurn('a guard check');
    const s = this.exec();
    return s.verdicts.has(toolUseId) ? verdictFor(s, toolUseId) : breakerVerdict(s.streaks, breakerCall(name, scrubValue(input, { scrub: (text) => scrubAndCap(text, INPUT_LIMITS.inputString) })), s.limits);
  }

  /**
   * Registers a fallback chain for a tool: ways of doing its job, tried in order until one works
   * (reading a file as UTF-8, then the detected charset, then Latin-1). Run it with `runFallback`.
   */
  registerFallback<I, O>(tool: string, steps: readonly FallbackStep<I, O>[]): void {
    this.fallbacks.register(tool, steps);
  }

  /**
   * Runs a tool through its registered fallback chain as one tool call: reported, guarded by the
   * circuit breaker, each step tried in order (starting with the step that last worked on this
   * kind of target), and recorded as `executive.fallback.resolved` with the step that worked.
   * A failure of every step is one failed tool result, so the breaker and the ACC see one call.
   */
  async runFallback<I, O>(tool: string, input: I, options: { readonly id?: string } = {}): Promise<FallbackOutcome<O>> {
    const target = toolTarget(scrubValue(input));
    const steps = this.fallbacks.stepsFor<I, O>(tool, target);
    const id = this.toolCalled({ ...(options.id ? { id: options.id } : {}), name: tool, input });
    const verdict = this.guard(id, tool);
    if (verdict.action === 'block') {
      this.toolResulted({ id, name: tool, ok: false, error: verdict.explanation });
      return { ok: false, worked: null, attempts: [], error: verdict.explanation };
    }
    const started = Date.now();
    const outcome = await runFallbackChain(steps, input);
    this.bus.publish('executive.fallback.resolved', { tool, target, attempts: [...outcome.attempts], worked: outcome.worked });
    const durationMs = Date.now() - started;
    if (outcome.ok) this.toolResulted({ id, name: tool, ok: true, output: `fallback step ${outcome.worked} worked`, durationMs });
    else this.toolResulted({ id, name: tool, ok: false, error: outcome.error, durationMs });
    return outcome;
  }

  /**
   * Records how a fallback chain that the host ran itself turned out, as
   * `executive.fallback.resolved` (hook-driven hosts, where the model makes each attempt as its
   * own tool call and the host only sees the results). Attempts are scrubbed like tool output.
   */
  recordFallback(data: EventData<'executive.fallback.resolved'>): void {
    this.requireTurn('a fallback');
    const target = data.target === null ? null : scrubSecrets(data.target);
    this.bus.publish('executive.fallback.resolved', { tool: data.tool, target, attempts: data.attempts.map((a) => ({ step: a.step, ok: a.ok, error: scrubSecrets(a.error) })), worked: data.worked });
  }

  /** Reports a scratchpad cell the host ran (or refused for empty code). */
  cell(report: CellReport): string {
    this.requireTurn('a cell');
    const r = parseReport(CellReportSchema, 'cell', report);
    if (r.code.trim() === '') {
      this.cellRejected(r.pad);
      return '';
    }
    const cellId = this.cellStarted({ pad: r.pad, code: r.code, description: r.description, runtime: r.runtime, confirmedNewPad: r.confirmedNewPad });
    const o = r.outcome;
    if (o?.kind === 'executed') {
      const stdout = scrubAndCap(o.stdout, INPUT_LIMITS.toolText);
      const stderr = scrubAndCap(o.stderr, INPUT_LIMITS.toolText);
      const error = scrubAndCap(o.error, INPUT_LIMITS.toolText);
      this.bus.publish('scratchpad.cell.executed', { pad: r.pad, cellId, ok: error === '' && stderr.trim() === '', stdout, stderr, error, stdoutLength: o.stdout.length, truncated: o.truncated, durationMs: o.durationMs });
    } else if (o?.kind === 'killed') this.bus.publish('scratchpad.cell.killed', { pad: r.pad, cellId, reason: scrubSecrets(o.reason), durationMs: o.durationMs });
    return cellId;
  }

  /** The pre-execute observation of a cell: publishes `scratchpad.cell.requested`; returns the cell id. */
  private cellStarted(cell: { pad: string; code: string; description: string; runtime: 'python' | 'node'; confirmedNewPad: boolean }): string {
    this.openRound();
    const cellId = `cell-${this.exec().nextToolId + 1}`;
    this.bus.publish('scratchpad.cell.requested', {
      pad: cell.pad,
      cellId,
      runtime: cell.runtime,
      code: scrubAndCap(cell.code, INPUT_LIMITS.cellCode),
      codeLength: cell.code.length,
      description: scrubSecrets(cell.description),
      confirmedNewPad: cell.confirmedNewPad,
    });
    return cellId;
  }

  /** The post-execute observation: a cell's result as `scratchpad.cell.executed` or `.killed` (scrubbed by `toCellEvent`). */
  private cellFinished(result: CellResult): void {
    const d = toCellEvent(result);
    this.bus.publish(d.type, d.data);
  }

  private cellRejected(pad: string): void {
    this.openRound();
    this.bus.publish('scratchpad.cell.rejected', { pad, reason: 'empty-code' });
  }

  /** Reports that the host reset a pad. */
  padReset(pad: string): void {
    this.requireTurn('a pad reset');
    this.bus.publish('scratchpad.pad.reset', { pad, reason: 'manual' });
  }

  /** Reports that the host sealed dangling tool_use blocks with synthetic results. */
  historyRepaired(reason: string, sealedCount: number): void {
    this.requireTurn('a history repair');
    this.bus.publish('executive.history.repaired', { reason, sealedCount });
  }

  /** Ends the current round (all its tool results are in) and returns the nudges it produced. */
  endRound(): readonly Nudge[] {
    this.requireTurn('the end of a round');
    this.openRound();
    const before = this.exec().nudges.length;
    this.bus.publish('executive.round.completed', { round: this.bus.position.round, toolCalls: this.exec().toolCallsThisRound });
    return this.exec().nudges.slice(before);
  }

  /** Nudges produced since the last call (at most one per detector per turn). */
  nudges(): readonly Nudge[] {
    const all = this.exec().nudges;
    const out = all.slice(this.nudgesRead);
    this.nudgesRead = all.length;
    return out;
  }

  /** Ends the turn with its answer. Learning starts now; `settled()` waits for it to be stored. */
  endTurn(answer: string, stopReason: EventData<'executive.turn.completed'>['stopReason'] = 'end_turn'): TurnSummary {
    this.requireTurn('the end of a turn');
    const turn = this.bus.position.turn;
    const rounds = this.bus.position.round;
    this.bus.publish('executive.turn.completed', { answer: scrubAndCap(answer, INPUT_LIMITS.toolText), rounds, stopReason });
    return { turn, lessons: [...this.exec().lessons] };
  }

  /** Ends the turn without an answer; nothing is learned from it. */
  failTurn(reason: 'llm' | 'tool' | 'internal', error: string): void {
    this.requireTurn('a failed turn');
    this.bus.publish('executive.turn.failed', { reason, error: scrubAndCap(error, INPUT_LIMITS.toolText) });
  }

  /** Cancels the turn; per-turn buffers are dropped without learning. */
  cancelTurn(reason: string): void {
    if (!this.inTurn) return;
    this.bus.publish('executive.turn.cancelled', { reason });
  }

  /**
   * Stores what the host's model asked to remember (the `memorize` tool of a host that runs its
   * own tools, `{ entries: [{ text, kind, scope, topic }] }`): each entry is scrubbed, bounded and
   * proposed through the gate like any memory write (recorded as `cortex.engram.proposed`, origin
   * `memorize`), and the report says what happened to each. Needs no open turn.
   */
  memorize(input: unknown): Promise<MemorizeReport> {
    if (this.closed) return Promise.reject(new Error(`session ${this.id} is closed`));
    return this.memory.memorize(input);
  }

  /**
   * The `recall` tool for a host that runs its own tools: searches the episodes of earlier
   * sessions of the project (`{ query, max_results?, days_back? }`). Answers in text; a bad input
   * or a failure is a text starting `ERROR:`, never an exception.
   */
  recall(input: unknown): Promise<string> {
    if (this.closed) return Promise.reject(new Error(`session ${this.id} is closed`));
    return this.episodes === null ? Promise.resolve(handleRecall(input, { episodes: null })) : this.episodes.recall(input);
  }

  /** The `recall_skill` tool for a host that runs its own tools (`{ label }`): a skill's procedure, or a text starting `ERROR:` or `NO MATCH:`. */
  recallSkill(input: unknown): Promise<string> {
    if (this.closed) return Promise.reject(new Error(`session ${this.id} is closed`));
    return handleRecallSkill(input, { skills: this.skills });
  }

  /**
   * The memory block for the end of the system prompt (identity, rules, lessons), within its
   * budgets, built on the conversation's pinned prefix. `skills: true` (a host that offers
   * `recall_skill`) adds the saved skills, ranked against the message.
   */
  async memoryContext(message = '', options: { readonly skills?: boolean } = {}): Promise<string> {
    const skills = options.skills === true ? (await this.skills.list()).skills.map((s) => ({ label: s.label, description: s.description })) : undefined;
    return this.memory.context(scrubSecrets(message), this.brain.state('cortex.memory'), skills);
  }

  /**
   * What `memoryContext()` could not read, one line each (`file:line (field): message`): a linked
   * memory file it refused to follow, a hand-edited line it skipped. A host shows them so a block
   * that lacks a file says why.
   */
  memoryNotes(): Promise<readonly string[]> {
    return this.memory.notes();
  }

  /**
   * What to append to a tool's description: the lessons primed for that tool (the scratchpad's),
   * then the rules, lessons and recipes ranked for it against the current turn's message, within
   * the strategy budget. Each block's injection is recorded (`tool-description`).
   */
  async toolPrimer(tool: string): Promise<string> {
    const primer = await this.memory.primer(tool);
    // Every recipe for this tool is a candidate: no call (so no target) exists yet.
    const extra = (await this.recipes.list()).recipes
      .filter((r) => r.trigger.tool === tool)
      .flatMap((r) => recipeStrategies([r], tool, r.trigger.target.exact));
    const turn = this.exec();
    const strategies = await this.memory.cortex.preCallStrategies({ tool, turnText: turn.message, extra, target: 'tool-description', exclude: turn.shown });
    if (strategies.injection.items.length > 0) this.bus.publish('cortex.context.injected', strategies.injection);
    // Both are suffixes of the tool's own description, so each starts on a new paragraph.
    return strategies.text === '' ? primer : `${primer}\n\n${strategies.text}`;
  }

  /**
   * Runs a whole turn with the configured model (engram-driven): prompt assembly, LLM rounds,
   * tool dispatch with real scratchpads, nudges, the round cap. The answer comes back as soon as
   * it exists; end-of-turn learning goes on in the background (`settled()` waits for it).
   */
  async turn(message: string, options: TurnOptions = {}): Promise<TurnResult> {
    if (this.closed) throw new Error(`session ${this.id} is closed`);
    const source = this.options.llm;
    if (!source) throw new Error('this session has no model: pass `llm` to createBrain to use turn(), or drive it with startTurn/endTurn');
    const turnAtStart = this.bus.position.turn + 1;
    const hostTools = hostToolsByName(this.options.tools ?? [], options.tools ?? []);
    // The engram-driven loop (and the LLM package it uses) loads on the first turn() only.
    const [{ runTurn }, { turnTools, hostToolSpecs }] = await Promise.all([import('./run-turn.js'), import('./turn-tools.js')]);
    const hostSpecs = hostToolSpecs(hostTools.values());
    const onActivity = options.onActivity;
    const watching =
      onActivity === undefined
        ? null
        : this.bus.subscribe('turn-activity', (e) => {
            const activity = activityOf(e);
            if (activity !== null) onActivity(activity);
          });
    try {
      await this.compactHistory(options.signal);
      return await this.runEngramTurn(runTurn, message, options, turnAtStart, (primers) => [...turnTools(primers), ...hostSpecs], hostTools);
    } finally {
      watching?.unsubscribe();
    }
  }

  private async runEngramTurn(
    runTurn: RunTurn,
    message: string,
    options: TurnOptions,
    turnAtStart: number,
    tools: (primers: { scratchpad: string }) => LlmTool[],
    hostTools: ReadonlyMap<string, HostTool>,
  ): Promise<TurnResult> {
    const outcome = await runTurn(message, {
      llm: () => this.sessionLlm(),
      project: this.options.paths.project,
      memoryMode: this.options.modes.memory,
      startTurn: (m) => this.startTurn(m),
      memoryContext: (m) => this.memoryContext(m, { skills: true }),
      primer: (t) => this.toolPrimer(t),
      tools,
      hostTools,
      beginRound: () => this.openRound(),
      toolCalled: (id, name, input) => void this.toolCalled({ id, name, input }),
      preCall: (id, name, input) => this.preCall(id, name, input),
      toolResulted: (id, name, ok, output, durationMs) => this.toolResulted({ id, name, ok, output: ok ? output : '', error: ok ? '' : output, durationMs }),
      endRound: () => this.endRound(),
      capExhausted: (cap) => this.bus.publish('executive.cap.exhausted', { cap }),
      endTurn: (answer, stopReason) => void this.endTurn(answer, stopReason),
      failTurn: (reason, error) => this.failTurn(reason, error),
      cancelTurn: (reason) => this.cancelTurn(reason),
      scratchpad: () => (this.pads ??= this.openScratchpads()),
      memorize: (input, toolUseId) => this.memory.memorizeCall(toolUseId, input),
      recall: (input) => this.recall(input),
      recallSkill: (input) => this.recallSkill(input),
      history: () => ({ summary: this.history.summary, messages: historyMessages(this.history) }),
      cellStarted: (c) => this.cellStarted(c),
      cellFinished: (r) => this.cellFinished(r),
      cellRejected: (pad) => this.cellRejected(pad),
      padReset: (pad) => this.bus.publish('scratchpad.pad.reset', { pad, reason: 'manual' }),
    }, options);
    return { ...outcome, turn: turnAtStart, lessons: [...this.exec().lessons] };
  }

  /**
   * Summarises old turns when the history nears its budget (`compactionPlan`), through the LLM
   * port (`purpose: history-compaction`, recorded as `llm.call.*`), and records the summary as
   * `executive.history.compacted`, which the history fold (live, resumed, replayed) applies. A
   * failed or cancelled summary call leaves the history whole: the turn still runs.
   */
  private async compactHistory(signal: AbortSignal | undefined): Promise<void> {
    const plan = compactionPlan(this.history, this.historyParams);
    if (plan === null || signal?.aborted === true) return;
    let summary: string;
    try {
      const llm = await this.sessionLlm();
      const answer = await llm.generateObject(ConversationSummarySchema, {
        system: COMPACTION_SYSTEM,
        messages: [{ role: 'user', content: plan.transcript }],
        role: 'coding',
        purpose: 'history-compaction',
        name: 'ConversationSummary',
        ...(signal === undefined ? {} : { signal }),
      });
      summary = scrubSecrets(answer.summary).trim();
    } catch {
      return;
    }
    if (summary === '') return;
    const tokensAfter = historyTokens({ ...this.history, summary, turns: this.history.turns.filter((t) => t.turn > plan.toTurn) });
    this.bus.publish('executive.history.compacted', { summary, fromTurn: plan.fromTurn, toTurn: plan.toTurn, tokensBefore: plan.tokensBefore, tokensAfter });
  }

  /** Pads run in the project folder (or the home folder outside a project), created if missing. */
  private openScratchpads(): ScratchpadHost {
    const cwd = this.options.paths.project ?? this.options.paths.home;
    ensureDir(cwd, cwd);
    return createScratchpadHost({ ...this.options.scratchpad, cwd });
  }

  private sessionLlm(): Promise<SessionLlm> {
    const source = this.options.llm;
    if (!source) return Promise.reject(new Error('this session has no model'));
    return (this.llm ??= import('./session-llm.js').then((m) => m.openSessionLlm(source, this.bus)));
  }

  /** Memories waiting for the user's confirmation (copilot mode); shown after the answer. */
  pendingMemories(): Awaitable<readonly PendingItem[]> {
    return this.memory.cortex.pendingItems();
  }

  /** The session's events as its log holds them (the JSONL file, or PostgreSQL): what replay and the demo read. */
  async loggedEvents(): Promise<readonly AnyEnvelope[]> {
    await this.log.flushed();
    return this.log.read();
  }

  /**
   * The user's answer to copilot's question after a turn: stores the accepted pending memories and
   * drops the rejected ones (by pending id), through the same cortex calls as `engram memory
   * pending accept|reject`, recorded in this session's log (`cortex.engram.confirmed`, then the
   * encoding) so replay sees the decision. Ids no longer pending come back in `unknown`.
   */
  async confirmPending(decision: { readonly accept: readonly string[]; readonly reject: readonly string[] }): Promise<{ readonly accepted: readonly ProposalResult[]; readonly rejected: readonly PendingItem[]; readonly unknown: readonly string[] }> {
    if (this.closed) throw new Error(`session ${this.id} is closed`);
    const accepted = decision.accept.length === 0 ? { accepted: [], unknown: [] } : await this.memory.cortex.accept(decision.accept, 'user');
    const rejected = decision.reject.length === 0 ? { rejected: [], unknown: [] } : await this.memory.cortex.reject(decision.reject, 'user');
    return { accepted: accepted.accepted, rejected: rejected.rejected, unknown: [...accepted.unknown, ...rejected.unknown] };
  }

  /** Things that went wrong without stopping the session (episode writes that failed). */
  problems(): readonly string[] {
    return [...(this.episodes?.problems() ?? []), ...this.habitProblems];
  }

  /**
   * Resolves when end-of-turn learning is stored and everything published is durable in the log;
   * then the habit loop folds what changed in the logs into the instincts (`learnHabits`).
   */
  async settled(): Promise<void> {
    await this.flushed();
    await this.learnHabits();
  }

  /**
   * Resolves when end-of-turn learning is stored and everything published is durable in the log,
   * without the habit loop: for a host that keeps the session open between its own calls (the
   * hook service after each hook), where nothing has ended yet.
   */
  async flushed(): Promise<void> {
    try {
      await this.background.idle();
    } finally {
      await this.log.flush();
    }
  }

  /** Runs the habit loop over the logs, this session's included; a failure is a problem of the session, never its end. */
  private async learnHabits(): Promise<void> {
    const learn = this.options.learnHabits;
    if (learn === undefined) return;
    try {
      const run = await learn();
      if (run.auditError) this.habitProblems.push(`instincts: recording promotions failed: ${run.auditError.message}`);
    } catch (err) {
      this.habitProblems.push(`instincts: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** The ACC core's state, for inspection. */
  accState(): unknown {
    return this.brain.state('acc');
  }

  /**
   * Lets go of the session without ending it, so another process can resume it from the log
   * (hook-driven hosts run one process per hook): waits for background learning, makes the log
   * durable, closes scratchpads and episodes. Publishes nothing (no `executive.session.ended`).
   * The object cannot be used afterwards.
   */
  async suspend(): Promise<void> {
    if (this.closed) return;
    await this.release();
    // The next process of this session reads the checkpoint and the log's new lines, not all of it.
    if (this.logOnFile) {
      const resume = this.options.resume;
      keepResumeCheckpoint({
        file: this.eventLog,
        from: resume === undefined ? NO_PREFIX : (resume.file ?? null),
        events: resume?.events ?? [],
        lastSeq: resume?.lastSeq ?? 0,
        appended: this.log.appended,
        reused: this.brain.fromCheckpoint && resume?.checkpoint?.upTo === resume?.events.length,
        cores: this.brain.coresKey,
        states: this.brain.states(),
      });
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.inTurn) this.cancelTurn('session closed');
    this.bus.publish('executive.session.ended', { reason: 'closed' });
    // The session's end: the habit loop runs once its log is closed (not at suspend(): a hook's process is not the session's end).
    try {
      await this.release();
    } finally {
      // An ended session is never resumed: its checkpoint would only hold a copy of the log.
      if (this.logOnFile) removeResumeCheckpoint(this.eventLog);
      await this.learnHabits();
    }
  }

  /** Lets go of everything the session holds once learning is stored; a failed memory write is thrown after the log is durable. */
  private async release(): Promise<void> {
    this.closed = true;
    await this.pads?.closeAll();
    const memoryFailure: Error | null = await this.background.idle().then(
      () => null,
      (err: unknown) => (err instanceof Error ? err : new Error(`memory write failed: ${JSON.stringify(err)}`)),
    );
    await this.log.close();
    await this.episodes?.close();
    this.bus.close();
    if (memoryFailure) throw memoryFailure;
  }
}
