import { defaultTrustTier, type EngramData, type EventData, type TrustTier } from '@engram/events';
import {
  describeDiagnostic,
  randomIds,
  systemClock,
  type Clock,
  type EngramScope,
  type EventSink,
  type IdSource,
  type MemoryEntry,
  type MemoryHistoryPort,
  type SemanticStore,
  type SupersedeReason,
  type Awaitable,
  type EntryMeaning,
} from '@engram/kernel';
import { DEFAULT_CONTRADICTION_PARAMS, type ContradictionParams } from '../contradiction/contradiction-params.js';
import { flattenArgs } from '../strategies/strategy-query.js';
import { judgeContradictions } from './judge-contradictions.js';
import type { ContextBudgets } from '../context-budgets.js';
import { DEFAULT_CONTEXT_BUDGETS } from '../context-budgets.js';
import { gateDecision } from '../gate-decision.js';
import { memorizeReport, memorizeToolResult, type MemorizeOutcome, type MemorizeReport, type MemorizeToolResult } from '../memorize-tool.js';
import { buildMemoryContext, type MemoryContext } from '../memory-context.js';
import type { ScopeMemory } from '../scope-memory.js';
import type { MemoryMode } from '../memory-mode.js';
import { pendingIdFor, type PendingItem } from '../pending-item.js';
import type { ProposalOrigin } from '../proposal-origin.js';
import { routeScope } from '../route-scope.js';
import { checksContradictions, contradictionPool, decideWrite, type CandidatesRead, type WritePlan } from '../memory/decide-write.js';
import { plannedContradictions, plannedRetirements } from '../memory/plan-events.js';
import { recordedEntry } from '../memory/recorded-entry.js';
import { contextRead, type ContextRead, type MemorySnapshot, type RecordedContext } from '../memory/context-read.js';
import { pinPrefix } from '../memory/memory-pin.js';
import type { OfferedSkill } from '../skills-section.js';
import { buildScratchpadPrimer, type ScratchpadPrimer } from '../scratchpad-primer.js';
import { rankStrategies, type StrategyRanking } from '../strategies/rank-strategies.js';
import { strategiesFromMemory } from '../strategies/strategies-from-memory.js';
import { strategyInjection, type StrategyTarget } from '../strategies/strategy-injection.js';
import type { StrategyItem } from '../strategies/strategy-item.js';
import { DEFAULT_STRATEGY_BUDGET } from '../strategies/strategy-params.js';
import { formatStrategies } from '../strategies/format-strategies.js';
import type { ContextInjection } from '../injected-item.js';
import { dirname } from 'node:path';
import { compactStore, type CompactOptions, type FileCompaction } from './compact-store.js';
import { extractIdentity, type IdentityUpdate } from './extract-identity.js';
import { PendingQueue } from './pending-queue.js';
import type { PendingStore, QuarantinePort } from './held-store.js';
import { QuarantineStore, quarantinePathFor } from './quarantine-store.js';
import { quarantineIdFor, type QuarantineItem } from '../quarantine/quarantine-item.js';
import { screenText } from '../quarantine/screen-text.js';
import type { StructuredModel } from './structured-model.js';

/**
 * Characters of the turn (and of the call's arguments) an advice query sends to the embedder: the
 * turn's start says what is being done; a task's prompt runs to pages, past an embedding model's input.
 */
const ADVICE_QUERY_CHARS = 2000;

export interface CortexOptions {
  readonly global: SemanticStore;
  /** Null for a session outside any project (project-scoped entries then go global). */
  readonly project: SemanticStore | null;
  readonly mode: MemoryMode;
  readonly pending: PendingStore;
  /** Where instruction-like proposals are held (docs/memory-trust.md); beside the pending file by default. */
  readonly quarantine?: QuarantinePort;
  /** Where proposals, queueing, confirmations and encodings are published; none by default. */
  readonly sink?: EventSink;
  readonly ids?: IdSource;
  readonly clock?: Clock;
  readonly budgets?: ContextBudgets;
  /**
   * Meaning beside words (an embedder is configured): an entry written through the cortex is
   * embedded once its write is done, and the memory block and pre-call advice fuse each entry's
   * similarity to the message with the words' ranking. A failure never fails a write and leaves
   * the ranking by words (`memoryNotes` says why).
   */
  readonly meaning?: EntryMeaning;
  /** Where each scope's retired (superseded) entries are kept; without one an entry is retired with no history. */
  readonly histories?: { readonly global: MemoryHistoryPort; readonly project: MemoryHistoryPort | null };
  /**
   * The model that judges contradictions (a structured call, purpose `contradiction`, recorded by
   * the LLM port); null or absent: the heuristic (`findContradictions`) judges.
   */
  readonly judge?: () => Promise<StructuredModel | null>;
  /** The heuristic's thresholds, or false to check no contradiction at all. */
  readonly contradictions?: ContradictionParams | false;
}

export interface PreCallRequest {
  readonly tool: string;
  readonly turnText: string;
  readonly args?: unknown;
  /** What the call is, when the host knows (its program and target): an item must name it to be shown; default the arguments. */
  readonly callText?: string;
  /** Candidates from outside semantic memory: the recovery recipes the runtime holds. */
  readonly extra?: readonly StrategyItem[];
  /** Tokens of the block, heading included; `DEFAULT_STRATEGY_BUDGET` otherwise. */
  readonly budgetTokens?: number;
  /** Where the block goes; `pre-call` unless it is appended to the tool's description. */
  readonly target?: StrategyTarget;
  /** Ids already in front of the model this turn: not shown again, so the budget goes to something new. */
  readonly exclude?: ReadonlySet<string>;
}

export interface PreCallStrategies {
  /** The block to inject ("" when nothing is relevant). */
  readonly text: string;
  /** The `cortex.context.injected` data for the runtime to publish (when `items` is not empty). */
  readonly injection: ContextInjection;
  readonly ranking: StrategyRanking;
}

export interface ProposeRequest {
  readonly engram: EngramData;
  readonly origin: ProposalOrigin;
  /** Where its words came from; the tier the origin implies when not given (`defaultTrustTier`). */
  readonly trust?: TrustTier;
  /** The event that made someone propose this (a lesson detected, a tool call). */
  readonly causationId?: string | null;
  /**
   * Stored texts this engram replaces when it is encoded: the rival variants of an ACC lesson's
   * detector slot (`slotRivals` of @engram/acc), so a new kill-loop variant replaces the old one.
   */
  readonly supersedes?: readonly string[];
  /**
   * Stored entries (ids, or their exact text) this engram corrects: `engram memory add
   * --supersedes ID`, or a model's correction. Each is retired into the history when the
   * engram is stored, if the proposer's trust is at least the entry's; otherwise both wait for the user.
   */
  readonly corrects?: readonly string[];
  /** Why, in the proposer's words (kept in the history). */
  readonly note?: string;
}

/** added/duplicate/superseded: the store's answer; queued: waits for the user; quarantined: held as instruction-like; dropped: memory off; refused: nothing to store. */
export type ProposalStatus = 'added' | 'duplicate' | 'superseded' | 'queued' | 'quarantined' | 'dropped' | 'refused';

export interface ProposalResult {
  readonly proposalId: string;
  readonly status: ProposalStatus;
  readonly scope: EngramScope | null;
  readonly entry: MemoryEntry | null;
  readonly pendingId: string | null;
  /** The quarantine id when the proposal was held (`engram memory quarantine accept ID`). */
  readonly quarantineId?: string;
  /** The file (or other location) written. */
  readonly location: string | null;
  /** Older rival entries removed because this one supersedes them. */
  readonly replaced: number;
  readonly reason: string | null;
  /** Entries retired into the history by this one (a correction or a contradiction it won). */
  readonly retired?: readonly { readonly id: string; readonly scope: EngramScope; readonly text: string; readonly reason: SupersedeReason }[];
}

const NO_SINK: EventSink = { publish: () => undefined };

const MEMORIZE_OUTCOME: Readonly<Record<ProposalStatus, MemorizeOutcome>> = {
  added: 'added',
  duplicate: 'duplicate',
  superseded: 'superseded',
  queued: 'queued',
  quarantined: 'refused',
  dropped: 'refused',
  refused: 'refused',
};

/**
 * The memory coordinator's effects: every write goes through `propose`, which records the
 * proposal, applies the gate (the same pure decision the core replays), routes by scope,
 * encodes through the storage port and records what the store did. Reads build the prompt's
 * memory block and the scratchpad primer from one snapshot per scope, with no model call.
 */
export class Cortex {
  readonly mode: MemoryMode;
  private readonly sink: EventSink;
  private readonly ids: IdSource;
  private readonly clock: Clock;
  private readonly budgets: ContextBudgets;
  private readonly quarantine: QuarantinePort;

  constructor(private readonly options: CortexOptions) {
    this.mode = options.mode;
    this.quarantine = options.quarantine ?? Cortex.quarantineBeside(options.pending);
    this.sink = options.sink ?? NO_SINK;
    this.ids = options.ids ?? randomIds();
    this.clock = options.clock ?? systemClock;
    this.budgets = options.budgets ?? DEFAULT_CONTEXT_BUDGETS;
  }

  /** The quarantine file beside the pending file; a queue kept elsewhere (PostgreSQL) needs `quarantine` given. */
  private static quarantineBeside(pending: PendingStore): QuarantineStore {
    if (!(pending instanceof PendingQueue)) throw new Error(`the pending queue at ${pending.location} is not a file: pass \`quarantine\` to the Cortex`);
    return new QuarantineStore(quarantinePathFor(dirname(pending.file)), { root: pending.root });
  }

  storeFor(scope: EngramScope): SemanticStore | null {
    return scope === 'global' ? this.options.global : this.options.project;
  }

  async propose(request: ProposeRequest): Promise<ProposalResult> {
    const proposalId = this.ids.next();
    const { engram, origin } = request;
    const corrects = request.corrects ?? [];
    const trust = request.trust ?? defaultTrustTier(origin);
    this.sink.publish('cortex.engram.proposed', { proposalId, engram, origin, gate: this.mode, trust, ...(corrects.length > 0 ? { supersedes: [...corrects] } : {}) }, { causationId: request.causationId ?? null });
    return this.settle({ ...request, proposalId, trust });
  }

  /**
   * Carries out the gate's decision on a proposal that is on the record (a core derived
   * `cortex.engram.proposed`, or `propose` published it): encode it and record the store's
   * answer, write it to the pending queue, or drop it. The decision is `gateDecision` under the
   * gate the proposal recorded, the same pure function the gate core (`cortexCore`) folds; that
   * core, not this effect, publishes `cortex.engram.queued`, so replay re-derives it.
   */
  async settle(request: ProposeRequest & { readonly proposalId: string; readonly gate?: MemoryMode }): Promise<ProposalResult> {
    const { proposalId, engram, origin } = request;
    const trust = request.trust ?? defaultTrustTier(origin);
    const none = { proposalId, scope: null, entry: null, pendingId: null, location: null, replaced: 0 };
    switch (gateDecision(request.gate ?? this.mode, engram, origin, trust)) {
      case 'drop':
        return { ...none, status: 'dropped', reason: 'memory mode is off' };
      case 'quarantine': {
        const reasons = screenText(engram.text);
        const item = await this.quarantine.add({ quarantineId: quarantineIdFor(proposalId), proposalId, engram, origin, trust, reasons, quarantinedAt: new Date(this.clock.now()).toISOString() });
        return { ...none, status: 'quarantined', quarantineId: item.quarantineId, reason: `quarantined for review (${reasons.map((r) => r.id).join(', ')}): a person must accept it before it is remembered` };
      }
      case 'queue': {
        const item = await this.options.pending.add({
          pendingId: pendingIdFor(proposalId),
          proposalId,
          engram,
          origin,
          queuedAt: new Date(this.clock.now()).toISOString(),
          supersedes: [...(request.supersedes ?? [])],
          ...(request.corrects && request.corrects.length > 0 ? { corrects: [...request.corrects] } : {}),
          ...(request.note ? { note: request.note } : {}),
        });
        return { ...none, status: 'queued', pendingId: item.pendingId, reason: 'copilot mode: waits for the user to confirm' };
      }
      case 'encode':
        return this.encode(proposalId, engram, request.supersedes ?? [], { origin, trust, corrects: request.corrects ?? [], note: request.note ?? '' });
    }
  }

  /** Proposes in order, one after another (each write sees the previous one). */
  async proposeAll(requests: readonly ProposeRequest[]): Promise<ProposalResult[]> {
    const out: ProposalResult[] = [];
    for (const r of requests) out.push(await this.propose(r));
    return out;
  }

  pendingItems(): Awaitable<readonly PendingItem[]> {
    return this.options.pending.list();
  }

  /** Encodes queued proposals (by pending id or 1-based position). A failed write puts them back. */
  async accept(selectors: readonly string[], by: 'user' | 'host' = 'user'): Promise<{ accepted: ProposalResult[]; unknown: string[] }> {
    const { taken, unknown } = await this.options.pending.take(selectors);
    const accepted: ProposalResult[] = [];
    for (const [i, item] of taken.entries()) {
      try {
        this.sink.publish('cortex.engram.confirmed', { pendingId: item.pendingId, decision: 'accepted', by }, {});
        const corrects = [...(item.corrects ?? []), ...(item.contradicts ?? []).map((c) => c.entryId)];
        // A person confirmed it: from now on the words are vouched for, and the person decided any conflict.
        const trust = by === 'user' ? 'user' : defaultTrustTier(item.origin);
        accepted.push(await this.encode(item.proposalId, item.engram, item.supersedes, { origin: item.origin, trust, corrects, note: item.note ?? '' }));
      } catch (err) {
        await this.options.pending.restore(taken.slice(i));
        throw err;
      }
    }
    return { accepted, unknown };
  }

  async reject(selectors: readonly string[], by: 'user' | 'host' = 'user'): Promise<{ rejected: PendingItem[]; unknown: string[] }> {
    const { taken, unknown } = await this.options.pending.take(selectors);
    for (const item of taken) this.sink.publish('cortex.engram.confirmed', { pendingId: item.pendingId, decision: 'rejected', by }, {});
    return { rejected: taken, unknown };
  }

  /** What the quarantine holds, oldest first: shown to a person, never to the model. */
  quarantineItems(): Awaitable<readonly QuarantineItem[]> {
    return this.quarantine.list();
  }

  /**
   * Releases quarantined proposals into memory (by quarantine id or 1-based position): a person
   * vouched for them, so they are stored with trust tier `user`, whatever the mode. Recorded as
   * `cortex.engram.confirmed` of the quarantine id; a failed write puts them back.
   */
  async acceptQuarantined(selectors: readonly string[], by: 'user' | 'host' = 'user'): Promise<{ accepted: ProposalResult[]; unknown: string[] }> {
    const { taken, unknown } = await this.quarantine.take(selectors);
    const accepted: ProposalResult[] = [];
    for (const [i, item] of taken.entries()) {
      try {
        this.sink.publish('cortex.engram.confirmed', { pendingId: item.quarantineId, decision: 'accepted', by }, {});
        accepted.push(await this.encode(item.proposalId, item.engram, [], { origin: item.origin, trust: 'user', corrects: [], note: '' }));
      } catch (err) {
        await this.quarantine.restore(taken.slice(i));
        throw err;
      }
    }
    return { accepted, unknown };
  }

  /** Deletes quarantined proposals for good (recorded as `cortex.engram.confirmed`, rejected). */
  async rejectQuarantined(selectors: readonly string[], by: 'user' | 'host' = 'user'): Promise<{ rejected: QuarantineItem[]; unknown: string[] }> {
    const { taken, unknown } = await this.quarantine.take(selectors);
    for (const item of taken) this.sink.publish('cortex.engram.confirmed', { pendingId: item.quarantineId, decision: 'rejected', by }, {});
    return { rejected: taken, unknown };
  }

  /** The memory block for the end of the system prompt, and what it injected (to publish). */
  async memoryContext(message = ''): Promise<MemoryContext> {
    const [global, project] = await this.snapshots();
    const meaning = await this.meaningOf(message, [global, project]);
    return buildMemoryContext({ global, project, message, budgets: this.budgets, ...(meaning === null ? {} : { meaning }) });
  }

  /**
   * Embeds a text just written, after the write (so the write stands whatever the embedder does):
   * a session's writes run as background work, so this is off the turn's path; a one-shot command
   * waits one bounded request. A failure is said by the next `memoryNotes`, and the entry is
   * embedded when a block first ranks it.
   */
  private async embedWritten(text: string): Promise<void> {
    if (this.options.meaning === undefined) return;
    try {
      await this.options.meaning.embed([text]);
    } catch (err) {
      this.meaningProblem = `the embedder failed, an entry was stored without a vector (ranked by words until a block embeds it): ${(err as Error).message}`;
    }
  }

  /** Why the last memory block was ranked by words only although an embedder is configured; null when it was not. */
  private meaningProblem: string | null = null;

  private async meaningOf(message: string, scopes: readonly (ScopeMemory | null)[]): Promise<ReadonlyMap<string, number> | null> {
    if (this.options.meaning === undefined || message.trim() === '') return null;
    try {
      const meaning = await this.options.meaning.rank(message, scopes.flatMap((m) => (m === null ? [] : [...m.lessons, ...m.rules.filter((r) => r.kind === 'when')])));
      this.meaningProblem = null;
      return meaning;
    } catch (err) {
      this.meaningProblem = `the embedder failed, the memory block is ranked by words only: ${(err as Error).message}`;
      return null;
    }
  }

  /**
   * A conversation's memory block, built on its pin (`pinPrefix` of the one its earlier reads
   * left, `recorded.pin`), with its recorded read (`cortex.context.read`: the message, the
   * budgets and, unless they equal what `recorded` holds, the snapshot and the skills it was
   * built from), for the caller to publish before the injection it causes, so replay rebuilds
   * the block and checks what was injected. `skills`: the saved skills to offer, for a host that
   * has `recall_skill`.
   */
  async memoryBlock(message: string, recorded: RecordedContext, skills?: readonly OfferedSkill[]): Promise<{ readonly context: MemoryContext; readonly read: ContextRead; readonly snapshot: MemorySnapshot }> {
    const [global, project] = await this.snapshots();
    const snapshot: MemorySnapshot = { global, project };
    const pin = pinPrefix(recorded.pin, snapshot, this.budgets);
    const context = buildMemoryContext({ global, project, message, budgets: this.budgets, pin, ...(skills === undefined ? {} : { skills }) });
    return { context, read: contextRead(message, this.budgets, snapshot, recorded, skills), snapshot };
  }

  /** What could not be read from the memory the block is built from (a linked file refused, a bad line), one line each. */
  async memoryNotes(): Promise<readonly string[]> {
    const [global, project] = await this.snapshots();
    return [...global.diagnostics, ...(project?.diagnostics ?? [])].map(describeDiagnostic).concat(this.meaningProblem === null ? [] : [this.meaningProblem]);
  }

  async scratchpadPrimer(): Promise<ScratchpadPrimer> {
    const [global, project] = await this.snapshots();
    return buildScratchpadPrimer(global, project, this.budgets.primer);
  }

  /** The rules and lessons of both scopes, as strategy candidates (from the same snapshots as the memory block). */
  async strategyCandidates(): Promise<StrategyItem[]> {
    const [global, project] = await this.snapshots();
    return strategiesFromMemory(global, project);
  }

  /**
   * The lessons, rules and recipes relevant to one tool call, ranked and fitted to a budget
   * (`rankStrategies`), with the injection record. Like `memoryContext`, it publishes nothing:
   * the runtime publishes the injection when it uses the text.
   */
  async preCallStrategies(request: PreCallRequest): Promise<PreCallStrategies> {
    const exclude = request.exclude;
    const all = [...(await this.strategyCandidates()), ...(request.extra ?? [])];
    const items = exclude === undefined || exclude.size === 0 ? all : all.filter((i) => !exclude.has(i.id));
    const meaning = await this.adviceMeaning(request, items);
    const ranking = rankStrategies(items, {
      tool: request.tool,
      turnText: request.turnText,
      args: request.args,
      ...(request.callText === undefined ? {} : { callText: request.callText }),
      nowMs: this.clock.now(),
      budgetTokens: request.budgetTokens ?? DEFAULT_STRATEGY_BUDGET,
      ...(meaning === null ? {} : { meaning }),
    });
    return { text: formatStrategies(ranking.chosen, request.tool), injection: strategyInjection(ranking, request.tool, request.target ?? 'pre-call'), ranking };
  }

  /** What both scopes hold now: what a read before a call records (`cortex.precall.read`, left out when unchanged). */
  async memorySnapshot(): Promise<MemorySnapshot> {
    const [global, project] = await this.snapshots();
    return { global, project };
  }

  /**
   * With an embedder: each item's similarity in meaning to the call, by item id, for a read before
   * a call to record (scores, never vectors); null without one, with nothing to rank, or when the
   * embedder fails (`memoryNotes` then says why, and the advice is ranked by words).
   */
  async adviceScores(request: PreCallRequest, items: readonly StrategyItem[]): Promise<[string, number][] | null> {
    const meaning = await this.adviceMeaning(request, items);
    return meaning === null ? null : items.flatMap((i): [string, number][] => {
      const score = meaning.get(i.text);
      return score === undefined ? [] : [[i.id, score]];
    });
  }

  /**
   * With an embedder: each candidate's similarity in meaning to the call (the turn's start, the
   * tool and what the call is), from the stored vectors, for `rankStrategies` to fuse with the
   * words' order. Null without one, with nothing to rank, or when the embedder fails (advice is
   * then ranked by words, and `memoryNotes` says why).
   */
  private async adviceMeaning(request: PreCallRequest, items: readonly StrategyItem[]): Promise<ReadonlyMap<string, number> | null> {
    if (this.options.meaning === undefined || items.length === 0) return null;
    const query = `${request.turnText.slice(0, ADVICE_QUERY_CHARS)}\n${request.tool}\n${request.callText ?? flattenArgs(request.args, ADVICE_QUERY_CHARS)}`;
    try {
      return await this.options.meaning.rank(query, items);
    } catch (err) {
      this.meaningProblem = `the embedder failed, pre-call advice is ranked by words only: ${(err as Error).message}`;
      return null;
    }
  }

  /** Compaction of both scopes (global first) through the LLM port. */
  async compact(model: StructuredModel, options: CompactOptions & { readonly scopes?: readonly EngramScope[] } = {}): Promise<FileCompaction[]> {
    const out: FileCompaction[] = [];
    for (const scope of options.scopes ?? ['global', 'project']) {
      const store = this.storeFor(scope);
      if (store !== null) out.push(...(await compactStore(store, model, options)));
    }
    return out;
  }

  /** Identity extraction into the global profile; nothing happens in mode off. */
  updateIdentity(messages: readonly string[], model: StructuredModel): Promise<IdentityUpdate> {
    if (this.mode === 'off') return Promise.resolve({ status: 'no-facts' });
    return extractIdentity(messages, this.options.global, model);
  }

  /** The `memorize` tool: validates, proposes each entry through the gate, reports what happened. */
  async memorize(input: unknown): Promise<MemorizeToolResult> {
    return memorizeToolResult(await this.memorizeEntries(input));
  }

  /** `memorize` with the outcome of each entry as data (a host's own memorize tool, e.g. the MCP server's). */
  memorizeEntries(input: unknown): Promise<MemorizeReport> {
    return memorizeReport(input, this.mode !== 'off', async (engrams, corrections) => {
      const out: { outcome: MemorizeOutcome; reason: string | null }[] = [];
      for (const [i, engram] of engrams.entries()) {
        try {
          const corrects = corrections[i] ?? null;
          const r = await this.propose({ engram, origin: 'memorize', ...(corrects === null ? {} : { corrects: [corrects], note: 'corrected by the model (memorize)' }) });
          out.push({ outcome: MEMORIZE_OUTCOME[r.status], reason: r.reason });
        } catch (err) {
          out.push({ outcome: 'refused', reason: `the write failed: ${err instanceof Error ? err.message : String(err)}` });
        }
      }
      return out;
    });
  }

  /**
   * The `memorize` tool's answer when the proposals were derived by a core from the recorded call
   * (an engram-driven turn) and are being carried out (`settled`, in entry order): validates the
   * same input the core planned from and reports what really happened to each entry.
   */
  async memorizeSettled(input: unknown, settled: readonly Promise<ProposalResult>[]): Promise<MemorizeToolResult> {
    const report = await memorizeReport(input, this.mode !== 'off', async () => {
      const results = await Promise.allSettled(settled);
      return results.map((r) =>
        r.status === 'fulfilled'
          ? { outcome: MEMORIZE_OUTCOME[r.value.status], reason: r.value.reason }
          : { outcome: 'refused' as const, reason: `the write failed: ${r.reason instanceof Error ? r.reason.message : String(r.reason)}` },
      );
    });
    return memorizeToolResult(report);
  }

  private async snapshots() {
    const global = await this.options.global.read();
    const project = this.options.project === null ? null : await this.options.project.read();
    return [global, project] as const;
  }

  /**
   * Encodes one proposal the gate let through: reads what memory holds that the write could touch
   * and records it (`cortex.candidates.read`, with a model judge's verdicts), asks the memory core
   * (`decideWrite`), and carries out its plan. What is published once done (retirements,
   * contradictions) is what the plan calls for (`plannedRetirements`, `plannedContradictions`), so
   * replay re-derives it from the read.
   */
  private async encode(proposalId: string, engram: EngramData, supersedes: readonly string[], how: EncodeHow): Promise<ProposalResult> {
    const read = await this.readCandidates(proposalId, engram, supersedes, how);
    // A read of nothing decides nothing replay could check (no entry to retire or contradict): not recorded.
    if (read.candidates.length > 0) this.sink.publish('cortex.candidates.read', read, {});
    const plan = decideWrite(read);
    const base = { proposalId, scope: plan.scope, pendingId: null, replaced: 0 };
    if (plan.action === 'refuse' || engram.kind === null) return { ...base, status: 'refused', entry: null, location: null, reason: plan.action === 'refuse' ? plan.reason : 'no kind' };
    if (plan.action === 'queue') return this.queueConflict(proposalId, engram, how, supersedes, plan);
    const store = this.storeFor(plan.scope) ?? this.options.global;
    let replaced = 0;
    for (const [i, event] of plannedRetirements(proposalId, plan, how.note, null).slice(0, plan.rivals.length).entries()) {
      const rival = plan.rivals[i];
      if (rival !== undefined && (await this.retire(rival.entry, event))) replaced++;
    }
    const [result] = await store.encode([{ text: engram.text, kind: engram.kind, confidence: engram.confidence, topic: engram.topic, source: engram.source, trust: how.trust }]);
    if (result === undefined || result.outcome === 'empty' || result.entry === null) {
      // Answer the proposal in the log too: nothing was written.
      if (result !== undefined) this.sink.publish('hippocampus.engram.encoded', { proposalId, engram: { ...engram, scope: plan.scope }, file: result.location, outcome: 'empty' }, {});
      return { ...base, status: 'refused', entry: null, location: result?.location ?? null, replaced, reason: 'nothing left to store after removing secrets and markup' };
    }
    await this.embedWritten(result.entry.text);
    const outcome = result.outcome === 'added' && replaced > 0 ? 'superseded' : result.outcome;
    const { text, kind, confidence, topic, source } = result.entry;
    this.sink.publish('hippocampus.engram.encoded', { proposalId, engram: { text, kind, scope: plan.scope, confidence, topic, source }, file: result.location, outcome }, {});
    const retired: { id: string; scope: EngramScope; text: string; reason: SupersedeReason }[] = [];
    const contradicted = new Map(plannedContradictions(proposalId, plan, how.note).map((c) => [c.entryId, c]));
    const retirements = plannedRetirements(proposalId, plan, how.note, result.entry.id).slice(plan.rivals.length);
    for (const [i, t] of plan.targets.entries()) {
      const event = retirements[i];
      if (event === undefined || t.entry.id === result.entry.id) continue;
      const c = contradicted.get(t.entry.id);
      if (c !== undefined) this.sink.publish('cortex.engram.contradicted', c, {});
      if (await this.retire(t.entry, event)) retired.push({ id: t.entry.id, scope: t.scope, text: t.entry.text, reason: t.reason });
    }
    const status = outcome === 'added' && retired.length > 0 ? 'superseded' : outcome;
    return { ...base, status, entry: result.entry, location: result.location, replaced: replaced + retired.length, reason: null, retired };
  }

  /**
   * What memory holds that a write could touch, as the memory core reads it: the entries it
   * corrects (both scopes), the slot rivals of its scope, and, when its claims are checked, every
   * active rule and lesson of its scope with a model judge's verdicts on them.
   */
  private async readCandidates(proposalId: string, engram: EngramData, rivals: readonly string[], how: EncodeHow): Promise<CandidatesRead> {
    const hasProject = this.options.project !== null;
    const scope = routeScope(engram, hasProject);
    const configured = this.options.contradictions ?? DEFAULT_CONTRADICTION_PARAMS;
    const params = configured === false || engram.kind === null || !checksContradictions(engram.kind, how.origin) ? null : configured;
    const checks = params !== null;
    const rivalTexts = rivals.filter((r) => r !== engram.text);
    const corrects = (e: MemoryEntry): boolean => how.corrects.some((c) => c === e.id || normalized(c) === normalized(e.text));
    const candidates: CandidatesRead['candidates'][number][] = [];
    for (const s of engram.kind === null ? [] : (['global', 'project'] as const)) {
      const store = this.storeFor(s);
      const mine = s === scope && (checks || rivalTexts.length > 0);
      if (store === null || (!mine && how.corrects.length === 0)) continue;
      const snap = await store.read();
      for (const list of ['rules', 'lessons', 'identities'] as const)
        for (const e of snap[list])
          if (corrects(e) || (s === scope && list !== 'identities' && (checks || rivalTexts.includes(e.text)))) candidates.push({ scope: s, list, entry: recordedEntry(e) });
    }
    const read: CandidatesRead = {
      proposalId,
      engram,
      origin: how.origin,
      trust: how.trust,
      hasProject,
      rivals: [...rivals],
      corrects: [...how.corrects],
      note: how.note,
      contradictions: params === null ? null : { ...params },
      judged: null,
      candidates,
    };
    const pool = contradictionPool(read);
    const model = pool.length === 0 || params === null || this.options.judge === undefined ? null : await this.options.judge();
    const judged = model === null || params === null ? null : await judgeContradictions(model, engram.text, engram.kind, pool, params);
    return judged === null ? read : { ...read, judged: judged.map((c) => ({ entryId: c.entry.id, reason: c.reason })) };
  }

  /** Both wait for the user: the new entry is queued naming what it would retire; the old ones stay in force until the user decides. */
  private async queueConflict(proposalId: string, engram: EngramData, how: EncodeHow, supersedes: readonly string[], plan: Extract<WritePlan, { action: 'queue' }>): Promise<ProposalResult> {
    const item = await this.options.pending.add({
      pendingId: pendingIdFor(proposalId),
      proposalId,
      engram,
      origin: how.origin,
      queuedAt: new Date(this.clock.now()).toISOString(),
      supersedes: [...supersedes],
      corrects: plan.targets.filter((t) => t.judge === null).map((t) => t.entry.id),
      contradicts: plan.targets.filter((t) => t.judge !== null).map((t) => ({ entryId: t.entry.id, scope: t.scope, text: t.entry.text, reason: t.why })),
      ...(how.note === '' ? {} : { note: how.note }),
    });
    for (const c of plannedContradictions(proposalId, plan, how.note)) this.sink.publish('cortex.engram.contradicted', c, {});
    const names = plan.blocked.map((t) => t.entry.id).join(', ');
    return { proposalId, scope: null, entry: null, location: null, replaced: 0, pendingId: item.pendingId, status: 'queued', reason: `it contradicts or corrects ${names}, which a more trusted writer stored: both wait for the user` };
  }

  /** Retires one entry as planned: out of its memory file (under the store's lock), into the history, recorded as `hippocampus.engram.superseded`. */
  private async retire(entry: MemoryEntry, event: EventData<'hippocampus.engram.superseded'>): Promise<boolean> {
    const store = this.storeFor(event.scope);
    if (store === null || (await store.remove(entry.id)).outcome !== 'removed') return false;
    const history = event.scope === 'global' ? this.options.histories?.global : this.options.histories?.project;
    await history?.append([{ ...entry, supersededBy: event.supersededBy, supersededAt: new Date(this.clock.now()).toISOString(), reason: event.reason, note: event.note, proposalId: event.proposalId }]);
    this.sink.publish('hippocampus.engram.superseded', event, {});
    return true;
  }
}

interface EncodeHow {
  readonly origin: ProposalOrigin;
  readonly corrects: readonly string[];
  readonly note: string;
  /** The writer's tier (`user` when a person accepted it from the pending queue): it may retire only entries of equal or lower trust. */
  readonly trust: TrustTier;
}

const normalized = (t: string): string => t.replace(/\s+/g, ' ').trim().toLowerCase();
