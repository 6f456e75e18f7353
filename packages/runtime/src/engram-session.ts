import { join } from 'node:path';
import { accCore, defaultAccCoreParams, type AccCoreParams } from '@engram/acc';
import { createBus, type Bus } from '@engram/bus';
import type { AnyEnvelope, EventData } from '@engram/events';
import { scrubSecrets, scrubValue, systemClock, toolTarget, type Clock, type IdSource } from '@engram/kernel';
import type { Observable } from 'rxjs';
import { attachCore, type AttachedCore } from './attach-core.js';
import { ToolBreaker, type BreakerParams, type BreakerVerdict } from '@engram/executive';
import { ensureDir, type EngramPaths } from '@engram/fs';
import { CellReportSchema, parseReport, ToolCallReportSchema, ToolResultReportSchema, type CellReport, type ToolCallReport, type ToolResultReport } from './host-reports.js';
import { SessionLog } from './session-log.js';
import { SessionMemory } from './session-memory.js';
import type { LlmSource, SessionLlm } from './session-llm.js';
import type { TurnOptions, TurnOutcome } from './run-turn.js';
import { learningEffects } from './learning-effects.js';
import { createScratchpadHost, toCellEvent, type CellResult, type ScratchpadHost, type ScratchpadHostOptions } from '@engram/scratchpad';
import { cerebellumCore, defaultCerebellumParams, type CerebellumState } from '@engram/cerebellum';
import { BackgroundWork } from './background-work.js';
import { SessionEpisodes } from './session-episodes.js';
import { FileRecipeStore, FileSkillStore, formatSkillList, handleRecall, handleRecallSkill } from '@engram/hippocampus';
import { defaultRecipeParams, recipeCore } from '@engram/basal-ganglia';
import { recipeStrategies } from './recipe-strategies.js';
import { neverRuleExplanation, neverRuleFor } from './never-rule-warning.js';
import { consolidationCore, defaultConsolidationParams, type ConsolidationState, type PendingItem } from '@engram/cortex';
import { summariseArgs } from './summarise-args.js';
import type { ResumeState } from './resume-state.js';
import { runFallbackChain, type FallbackOutcome, type FallbackStep } from './fallback-chain.js';
import { FallbackRegistry } from './fallback-registry.js';

/** Tool errors of the turn that pre-call ranking matches on besides the message: the latest few say what is going wrong now. */
const QUERY_ERRORS = 3;

/** What `preCall` answers: the breaker's verdict and the advice to show the model ("" when none). */
export interface PreCallAdvice {
  readonly verdict: BreakerVerdict;
  readonly advice: string;
}

export type MemoryMode = EventData<'executive.session.started'>['modes']['memory'];
export type AccMode = EventData<'executive.session.started'>['modes']['acc'];

export interface Nudge {
  readonly lessonId: string;
  readonly detector: string;
  /** The self-check text to put in front of the model with the round's tool results. */
  readonly text: string;
}

export interface LearnedLesson {
  readonly id: string;
  readonly kind: string;
  readonly rule: string;
}

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
  /** The model for engram-driven turns (`turn()`) and post-mortems; without one the cerebellum learns from its classifier. */
  readonly llm?: LlmSource;
  /** The per-turn circuit breaker's limits (default: warn after 2 identical failures, block after 3). */
  readonly guards?: BreakerParams;
  /** Limits of the session's scratchpads (timeouts, output caps). */
  readonly scratchpad?: Pick<ScratchpadHostOptions, 'timeoutMs' | 'inactivityMs' | 'maxOutputBytes' | 'runtimes'>;
  /** Carry on a session from its log (`brain.session({ resume: true })`) instead of starting one. */
  readonly resume?: ResumeState;
}

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
  private readonly acc: AttachedCore<unknown>;
  private readonly memory: SessionMemory;
  private readonly cerebellum: AttachedCore<CerebellumState>;
  private readonly consolidation: AttachedCore<ConsolidationState> | null = null;
  private readonly background = new BackgroundWork();
  private readonly episodes: SessionEpisodes | null;
  private readonly skills: FileSkillStore;
  private readonly recipes: FileRecipeStore;
  private readonly breaker: ToolBreaker;
  private roundOpen = false;
  private toolCallsThisRound = 0;
  private inTurn = false;
  private nextToolId = 0;
  private turnNudges: Nudge[] = [];
  private unread: Nudge[] = [];
  private turnLessons: LearnedLesson[] = [];
  /** What pre-call ranking matches on: the turn's message and its latest tool errors. */
  private turnMessage = '';
  private turnErrors: string[] = [];
  /** Learned items already put in front of the model this turn (any injection): not repeated before a call. */
  private shownThisTurn = new Set<string>();
  private closed = false;
  private llm: Promise<SessionLlm> | null = null;
  private pads: ScratchpadHost | null = null;
  private readonly fallbacks = new FallbackRegistry();

  constructor(private readonly options: SessionOptions) {
    this.id = options.sessionId;
    const resume = options.resume;
    if (resume?.ended) throw new Error(`session ${options.sessionId} has ended (its log holds executive.session.ended); start a new session`);
    this.bus = createBus({ sessionId: options.sessionId, ...(options.clock ? { clock: options.clock } : {}), ...(options.ids ? { ids: options.ids } : {}), ...(resume ? { lastSeq: resume.lastSeq, position: resume.position } : {}) });
    this.events$ = this.bus.events$;
    this.eventLog = join(options.paths.eventsDir, `${options.sessionId}.jsonl`);
    this.log = new SessionLog(this.bus, this.eventLog);
    this.acc = attachCore(this.bus, accCore, { ...(options.acc ?? defaultAccCoreParams), mode: options.modes.acc }, resume?.events);
    this.bus.subscribe('session-learning', (e) => this.collect(e));
    const clock = options.clock ?? systemClock;
    this.memory = new SessionMemory(this.bus, options.paths, options.modes.memory, clock, this.background);
    this.episodes = options.paths.project === null ? null : new SessionEpisodes(this.bus, options.paths.project, options.episodic ?? true, clock);
    this.skills = new FileSkillStore({ root: options.paths.skillsDir, clock });
    // Recovery recipes are procedural memory: learned by the basal ganglia's core, kept beside the skills.
    this.recipes = new FileRecipeStore({ root: options.paths.skillsDir });
    attachCore(this.bus, recipeCore, defaultRecipeParams, resume?.events);
    this.bus.subscribe('recipe-memory', (e) => {
      if (e.type === 'basal-ganglia.recipe.learned') this.background.track(this.recipes.record(e.data, { at: e.at, sessionId: e.sessionId }));
    });
    this.breaker = new ToolBreaker(options.guards);
    const postMortem = options.llm ? 'llm' : 'classifier';
    this.cerebellum = attachCore(this.bus, cerebellumCore, { ...defaultCerebellumParams, postMortem }, resume?.events);
    if (postMortem === 'llm') {
      this.bus.subscribe('cerebellum-post-mortem', (e) => {
        if (e.type === 'executive.turn.completed') this.background.track(Promise.all([this.sessionLlm(), learningEffects()]).then(([llm, fx]) => fx.postMortemWithClient(this.cerebellum.state(), e, llm)));
      });
      // Sleep replay needs a model; without one its replays would only expire.
      const consolidation = attachCore(this.bus, consolidationCore, defaultConsolidationParams, resume?.events);
      this.consolidation = consolidation;
      this.bus.subscribe('consolidation', (e) => {
        if (e.type === 'executive.turn.completed') this.background.track(Promise.all([this.sessionLlm(), learningEffects()]).then(([llm, fx]) => fx.consolidateTurnEnd(consolidation.state(), e, llm)));
      });
    }
    if (resume) this.resumeFrom(resume);
    else this.bus.publish('executive.session.started', { project: options.paths.project, home: options.paths.home, modes: { ...options.modes } });
  }

  /**
   * Carries on from the log without publishing anything: the cores have folded its events; here
   * the host-facing state follows (what was open, the made-up id counter, the breaker's streaks,
   * whatever `collect` derives across turns), and per-turn buffers start empty.
   */
  private resumeFrom(r: ResumeState): void {
    this.inTurn = r.inTurn;
    this.roundOpen = r.roundOpen;
    this.toolCallsThisRound = r.toolCallsThisRound;
    this.nextToolId = r.nextToolId;
    for (const t of r.turnToolResults) this.breaker.record(t.name, t.ok, t.error);
    for (const e of r.events) this.collect(e);
    this.turnNudges = [];
    this.unread = [];
    this.turnLessons = [];
  }

  private collect(e: AnyEnvelope): void {
    if (e.type === 'acc.nudge.emitted') {
      const n = { lessonId: e.data.lessonId, detector: e.data.detector, text: e.data.text };
      this.turnNudges.push(n);
      this.unread.push(n);
    } else if (e.type === 'acc.lesson.detected') this.turnLessons.push({ id: e.data.lessonId, kind: e.data.kind, rule: e.data.rule });
    else if (e.type === 'executive.turn.started') {
      this.turnMessage = e.data.message;
      this.turnErrors = [];
      this.shownThisTurn = new Set();
    } else if (e.type === 'executive.tool.resulted' && !e.data.ok) this.turnErrors = [...this.turnErrors, e.data.error].slice(-QUERY_ERRORS);
    else if (e.type === 'cortex.context.injected') for (const item of e.data.items) this.shownThisTurn.add(item.id);
    else if (e.type === 'executive.fallback.resolved') this.fallbacks.observe(e);
  }

  private requireTurn(what: string): void {
    if (this.closed) throw new Error(`session ${this.id} is closed; cannot report ${what}`);
    if (!this.inTurn) throw new Error(`no turn is open: call startTurn(message) before reporting ${what}`);
  }

  private openRound(): void {
    if (this.roundOpen) return;
    this.roundOpen = true;
    this.toolCallsThisRound = 0;
    this.bus.publish('executive.round.started', { round: this.bus.position.round + 1 });
  }

  /** Opens a turn with the user's message. */
  startTurn(message: string): void {
    if (this.closed) throw new Error(`session ${this.id} is closed`);
    if (this.inTurn) this.cancelTurn('a new turn started before this one ended');
    this.inTurn = true;
    this.roundOpen = false;
    this.turnNudges = [];
    this.unread = [];
    this.turnLessons = [];
    this.breaker.reset();
    this.bus.publish('executive.turn.started', { message: scrubSecrets(message) });
  }

  /** Reports a tool call the host's model made; returns its tool_use id. */
  toolCalled(report: ToolCallReport): string {
    this.requireTurn('a tool call');
    const r = parseReport(ToolCallReportSchema, 'tool call', report);
    this.openRound();
    this.toolCallsThisRound++;
    const toolUseId = r.id ?? `tool-${++this.nextToolId}`;
    const input = scrubValue(r.input);
    this.bus.publish('executive.tool.called', { toolUseId, name: r.name, input, argsSummary: summariseArgs(input) });
    return toolUseId;
  }

  /** Reports what a tool returned. */
  toolResulted(report: ToolResultReport): void {
    this.requireTurn('a tool result');
    const r = parseReport(ToolResultReportSchema, 'tool result', report);
    this.openRound();
    const error = scrubSecrets(r.error);
    this.breaker.record(r.name, r.ok, error);
    this.bus.publish('executive.tool.resulted', { toolUseId: r.id, name: r.name, ok: r.ok, error, output: scrubSecrets(r.output), durationMs: r.durationMs });
  }

  /**
   * Everything to do before running a tool (call it after `toolCalled`): the circuit breaker's
   * verdict (`guard`), turned into a warning when a learned `never` rule applies to the call
   * (`neverRuleFor`), and, unless the call is blocked, the advice for it: the rules, lessons and
   * recovery recipes relevant to this tool, its arguments and the turn so far, ranked and within a
   * budget, leaving out what the model was already shown this turn. What is injected is recorded
   * as `cortex.context.injected` (target `pre-call`). Put `advice` in front of the model with the
   * call's result (or, for hosts that can, before the call).
   */
  async preCall(toolUseId: string, name: string, input: unknown): Promise<PreCallAdvice> {
    let verdict = this.guard(toolUseId, name);
    if (verdict.action === 'block') return { verdict, advice: '' };
    const args = scrubValue(input);
    const never = verdict.action === 'allow' ? neverRuleFor(await this.memory.cortex.strategyCandidates(), name, args) : null;
    if (never !== null) {
      verdict = { action: 'warn', failures: 0, signature: `never-rule:${never.id}`, explanation: neverRuleExplanation(name, never) };
      this.bus.publish('executive.tool.guarded', { toolUseId, name, action: 'warned', failures: 0, signature: verdict.signature, explanation: verdict.explanation });
    }
    const extra = recipeStrategies(this.recipes.list().recipes, name, toolTarget(args));
    const strategies = await this.memory.cortex.preCallStrategies({ tool: name, turnText: [this.turnMessage, ...this.turnErrors].join('\n'), args, extra, exclude: this.shownThisTurn });
    if (strategies.injection.items.length > 0) this.bus.publish('cortex.context.injected', { ...strategies.injection, tool: name });
    return { verdict, advice: strategies.text };
  }

  /**
   * Asks the per-turn circuit breaker before running a tool (call it after `toolCalled`): `allow`,
   * `warn` (run it and show the model the explanation) or `block` (do not run it; give the model the
   * explanation as the tool's result). Warnings and blocks are recorded as `executive.tool.guarded`.
   */
  guard(toolUseId: string, name: string): BreakerVerdict {
    this.requireTurn('a guard check');
    const verdict = this.breaker.check(name);
    if (verdict.action !== 'allow')
      this.bus.publish('executive.tool.guarded', { toolUseId, name, action: verdict.action === 'warn' ? 'warned' : 'blocked', failures: verdict.failures, signature: verdict.signature, explanation: verdict.explanation });
    return verdict;
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
      const stdout = scrubSecrets(o.stdout);
      const stderr = scrubSecrets(o.stderr);
      const error = scrubSecrets(o.error);
      this.bus.publish('scratchpad.cell.executed', { pad: r.pad, cellId, ok: error === '' && stderr.trim() === '', stdout, stderr, error, stdoutLength: o.stdout.length, truncated: o.truncated, durationMs: o.durationMs });
    } else if (o?.kind === 'killed') this.bus.publish('scratchpad.cell.killed', { pad: r.pad, cellId, reason: scrubSecrets(o.reason), durationMs: o.durationMs });
    return cellId;
  }

  /** The pre-execute observation of a cell: publishes `scratchpad.cell.requested`; returns the cell id. */
  private cellStarted(cell: { pad: string; code: string; description: string; runtime: 'python' | 'node'; confirmedNewPad: boolean }): string {
    this.openRound();
    const cellId = `cell-${++this.nextToolId}`;
    this.bus.publish('scratchpad.cell.requested', {
      pad: cell.pad,
      cellId,
      runtime: cell.runtime,
      code: scrubSecrets(cell.code),
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
    if (!this.roundOpen) this.openRound();
    const before = this.turnNudges.length;
    this.bus.publish('executive.round.completed', { round: this.bus.position.round, toolCalls: this.toolCallsThisRound });
    this.roundOpen = false;
    return this.turnNudges.slice(before);
  }

  /** Nudges produced since the last call (at most one per detector per turn). */
  nudges(): readonly Nudge[] {
    const out = this.unread;
    this.unread = [];
    return out;
  }

  /** Ends the turn with its answer. Learning starts now; `settled()` waits for it to be stored. */
  endTurn(answer: string, stopReason: 'end_turn' | 'round_cap' = 'end_turn'): TurnSummary {
    this.requireTurn('the end of a turn');
    const turn = this.bus.position.turn;
    const rounds = this.bus.position.round;
    this.inTurn = false;
    this.roundOpen = false;
    this.bus.publish('executive.turn.completed', { answer: scrubSecrets(answer), rounds, stopReason });
    return { turn, lessons: [...this.turnLessons] };
  }

  /** Ends the turn without an answer; nothing is learned from it. */
  failTurn(reason: 'llm' | 'tool' | 'internal', error: string): void {
    this.requireTurn('a failed turn');
    this.inTurn = false;
    this.bus.publish('executive.turn.failed', { reason, error: scrubSecrets(error) });
  }

  /** Cancels the turn; per-turn buffers are dropped without learning. */
  cancelTurn(reason: string): void {
    if (!this.inTurn) return;
    this.inTurn = false;
    this.bus.publish('executive.turn.cancelled', { reason });
  }

  /** The memory block for the end of the system prompt (identity, rules, lessons), within its budgets. */
  memoryContext(message = ''): Promise<string> {
    return this.memory.context(scrubSecrets(message));
  }

  /**
   * What to append to a tool's description: the lessons primed for that tool (the scratchpad's),
   * then the rules, lessons and recipes ranked for it against the current turn's message, within
   * the strategy budget. Each block's injection is recorded (`tool-description`).
   */
  async toolPrimer(tool: string): Promise<string> {
    const primer = await this.memory.primer(tool);
    // Every recipe for this tool is a candidate: no call (so no target) exists yet.
    const extra = this.recipes
      .list()
      .recipes.filter((r) => r.trigger.tool === tool)
      .flatMap((r) => recipeStrategies([r], tool, r.trigger.target.exact));
    const strategies = await this.memory.cortex.preCallStrategies({ tool, turnText: this.turnMessage, extra, target: 'tool-description', exclude: this.shownThisTurn });
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
    // The engram-driven loop (and the LLM package it uses) loads on the first turn() only.
    const [{ runTurn }, { turnTools }] = await Promise.all([import('./run-turn.js'), import('./turn-tools.js')]);
    const outcome = await runTurn(message, {
      llm: () => this.sessionLlm(),
      project: this.options.paths.project,
      memoryMode: this.options.modes.memory,
      startTurn: (m) => this.startTurn(m),
      memoryContext: (m) => this.memoryContext(m),
      primer: (t) => this.toolPrimer(t),
      tools: turnTools,
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
      memorize: (input) => this.memory.cortex.memorize(input),
      recall: (input) => Promise.resolve(handleRecall(input, { episodes: this.episodes?.memory ?? null })),
      recallSkill: (input) => handleRecallSkill(input, { skills: this.skills }),
      skillList: () => formatSkillList(this.skills.list().skills),
      cellStarted: (c) => this.cellStarted(c),
      cellFinished: (r) => this.cellFinished(r),
      cellRejected: (pad) => this.cellRejected(pad),
      padReset: (pad) => this.bus.publish('scratchpad.pad.reset', { pad, reason: 'manual' }),
    }, options);
    return { ...outcome, turn: turnAtStart, lessons: [...this.turnLessons] };
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
  pendingMemories(): readonly PendingItem[] {
    return this.memory.cortex.pendingItems();
  }

  /** Things that went wrong without stopping the session (episode writes that failed). */
  problems(): readonly string[] {
    return this.episodes?.problems() ?? [];
  }

  /** Resolves when end-of-turn learning is stored and everything published is durable in the log. */
  async settled(): Promise<void> {
    try {
      await this.background.idle();
    } finally {
      await this.log.flush();
    }
  }

  /** The ACC core's state, for inspection. */
  accState(): unknown {
    return this.acc.state();
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
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.inTurn) this.cancelTurn('session closed');
    this.bus.publish('executive.session.ended', { reason: 'closed' });
    await this.release();
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
    this.episodes?.close();
    this.bus.close();
    if (memoryFailure) throw memoryFailure;
  }
}
