import { slotRivals, type LessonId } from '@engram/acc';
import type { Bus } from '@engram/bus';
import { AUTO_COMPACTION_THRESHOLD, MEMORIZE_TOOL_NAME, type Cortex, type FileCompaction, type MemorizeReport, type OfferedSkill, type RecordedContext, type MemorizeToolResult, type ProposalResult, type StructuredModel } from '@engram/cortex';
import type { AnyEnvelope } from '@engram/events';
import type { Clock, Embedder, SemanticStore } from '@engram/kernel';
import { fileBrainStores, type BrainStores } from './brain-stores.js';
import type { EngramPaths } from './engram-paths.js';
import type { BackgroundWork } from './background-work.js';
import type { MemoryMode } from './engram-session.js';
import { habitsBlock, readPromotedHabits } from './promoted-habits.js';
import { openMemory } from './open/open-memory.js';

/** Proposals the cores derive (`brainCores`); the others (`memorize`, the user's) are proposed by the cortex effect itself. */
const noop = (): void => undefined;

const DERIVED_ORIGINS: ReadonlySet<string> = new Set(['acc', 'cerebellum', 'consolidation', 'memorize']);

/**
 * The session's long-term memory: the cortex over the file stores of both scopes. The proposals
 * the cores derive from the regions' lessons are carried out here through the cortex's gate (the
 * ACC's with their detector slot, so a new kill-loop variant replaces the stored one). Writes run
 * as background work the session's `settled()` waits for.
 */
export class SessionMemory {
  readonly cortex: Cortex;
  private readonly stores: { readonly global: SemanticStore; readonly project: SemanticStore | null };
  private readonly brainStores: BrainStores;

  /**
   * Anton's automatic compaction (anton.md §7.4): each store holding more than
   * `AUTO_COMPACTION_THRESHOLD` rules and lessons is compacted by the model (lessons, then rules;
   * only removals, each by id under the store's lock). Nothing in mode off.
   */
  async autoCompact(model: StructuredModel): Promise<readonly FileCompaction[]> {
    const out: FileCompaction[] = [];
    for (const [scope, store] of [['global', this.stores.global], ['project', this.stores.project]] as const) {
      if (store === null) continue;
      const snap = await store.read();
      if (snap.rules.length + snap.lessons.length > AUTO_COMPACTION_THRESHOLD) out.push(...(await this.cortex.compact(model, { scopes: [scope] })));
    }
    return out;
  }

  constructor(
    private readonly bus: Bus,
    private readonly paths: EngramPaths,
    mode: MemoryMode,
    clock: Clock,
    private readonly background: BackgroundWork,
    /** The session's model, when it has one: it judges contradictions (else the heuristic does). */
    judge?: () => Promise<StructuredModel | null>,
    /** Where memory is kept (the files by default). */
    brainStores?: BrainStores,
    /** Meaning beside words in the memory block; its vectors kept in the stores' `textVectors`. */
    embedder: Embedder | null = null,
  ) {
    const stores = brainStores ?? fileBrainStores(paths, clock);
    this.brainStores = stores;
    const { global, project } = stores.semantic;
    this.stores = { global, project };
    this.cortex = openMemory(stores, { mode, clock, sink: bus, embedder, ...(judge === undefined ? {} : { judge }) });
    bus.subscribe('session-memory', (e) => this.onEvent(e));
  }

  /** ACC lessons by the id of the event that published them: an ACC proposal replaces its detector slot's rivals. */
  private readonly accLessons = new Map<string, LessonId>();
  /** The open turn's `memorize` calls by tool_use id: the recorded call's event id and (scrubbed) input. */
  private readonly memorizeCalls = new Map<string, { readonly eventId: string; readonly input: unknown }>();
  /** The proposals derived from each `memorize` call (by its event id), in entry order: carried out when the tool runs. */
  private readonly memorizeSettles = new Map<string, (() => Promise<ProposalResult>)[]>();

  /**
   * Carries out what the cortex's cores decided: each proposal they derived from a lesson
   * or a `memorize` call (`cortex.proposals`) or a sleep replay (`cortex.consolidation`) goes through the gate it
   * recorded (encode now, or write the pending queue, whose `cortex.engram.queued` the gate core
   * publishes) and the store's answer is recorded as `hippocampus.engram.encoded`.
   */
  private onEvent(e: AnyEnvelope): void {
    if (e.type === 'acc.lesson.detected') this.accLessons.set(e.id, e.data.lessonId as LessonId);
    else if (e.type === 'executive.turn.started') {
      this.memorizeCalls.clear();
      this.memorizeSettles.clear();
    } else if (e.type === 'executive.tool.called' && e.data.name === MEMORIZE_TOOL_NAME) this.memorizeCalls.set(e.data.toolUseId, { eventId: e.id, input: e.data.input });
    else if (e.type === 'cortex.engram.proposed' && DERIVED_ORIGINS.has(e.data.origin)) {
      const lesson = e.data.origin === 'acc' && e.causationId !== null ? this.accLessons.get(e.causationId) : undefined;
      const supersedes = lesson === undefined ? undefined : slotRivals({ id: lesson }).map((r) => r.rule);
      const corrects = e.data.supersedes ?? [];
      const settle = () =>
        this.cortex.settle({
          proposalId: e.data.proposalId,
          engram: e.data.engram,
          origin: e.data.origin,
          gate: e.data.gate,
          trust: e.data.trust,
          causationId: e.id,
          ...(supersedes === undefined ? {} : { supersedes }),
          ...(corrects.length === 0 ? {} : { corrects, note: `corrected by the model (${e.data.origin})` }),
        });
      // A memorize proposal with no cause was made by a host's own handler (`Cortex.memorize`), which settles it itself.
      const cause = e.causationId;
      if (e.data.origin === 'memorize' && cause === null) return;
      if (e.data.origin !== 'memorize' || cause === null) {
        this.background.track(settle());
        return;
      }
      const list = this.memorizeSettles.get(cause);
      if (list === undefined) this.memorizeSettles.set(cause, [settle]);
      else list.push(settle);
    }
  }

  /** Carries out a memorize call's proposals one after another (each write sees the previous one). */
  private async settleInOrder(settles: readonly (() => Promise<ProposalResult>)[]): Promise<Promise<ProposalResult>[]> {
    const out: Promise<ProposalResult>[] = [];
    for (const settle of settles) {
      const p = settle();
      out.push(p);
      await p.then(noop, noop);
    }
    return out;
  }

  /**
   * The `memorize` tool's result for a call reported as `toolUseId` in an engram-driven turn: the
   * proposal core derived its proposals from the recorded call; the tool running is when they are
   * carried out (in order), and the result says what happened to each entry.
   */
  async memorizeCall(toolUseId: string, input: unknown): Promise<MemorizeToolResult> {
    const call = this.memorizeCalls.get(toolUseId);
    if (call === undefined) return this.cortex.memorize(input);
    const settles = this.memorizeSettles.get(call.eventId) ?? [];
    this.memorizeSettles.delete(call.eventId);
    // The tool handler reports a write's failure to the model; `settled()` only waits for the writes.
    const written = this.settleInOrder(settles);
    this.background.track(written.then(noop, noop));
    return this.cortex.memorizeSettled(call.input, await written);
  }

  /**
   * A host's own `memorize` tool (no model call on the record to derive proposals from): each
   * valid entry is proposed through the gate and written before this resolves; the report says
   * what happened to each. The writes are background work `settled()` waits for too.
   */
  memorize(input: unknown): Promise<MemorizeReport> {
    const report = this.cortex.memorizeEntries(input);
    this.background.track(report.then(noop, noop));
    return report;
  }

  /**
   * The memory block for the system prompt, then the habits the instinct loop promoted; the block's
   * recorded read (memory and skills left out when they equal what `recorded` holds, and the
   * block built on the conversation's pin: the memory core's state, so a hook process that
   * resumed knows it too) and what each injected are published (the habits with their instinct
   * ids, for the self-confirmation guard). `skills`: the saved skills to offer, ranked.
   */
  async context(message: string, recorded: RecordedContext, skills?: readonly OfferedSkill[]): Promise<string> {
    const { context: ctx, read } = await this.cortex.memoryBlock(message, recorded, skills);
    // The block's inputs first, then what it injected, caused by them: replay rebuilds the block from the read. An empty block injects nothing to check.
    if (ctx.injection.items.length > 0) {
      const published = this.bus.publish('cortex.context.read', read);
      this.bus.publish('cortex.context.injected', ctx.injection, { causationId: published.id });
    }
    const habits = habitsBlock((await readPromotedHabits(this.paths, this.brainStores)).habits);
    if (habits.injection === null) return ctx.text;
    this.bus.publish('cortex.context.injected', habits.injection);
    return ctx.text === '' ? habits.text : `${ctx.text.trimEnd()}\n\n${habits.text}`;
  }

  /** What the memory block could not read (a linked memory file refused, a bad line), one line each. */
  notes(): Promise<readonly string[]> {
    return this.cortex.memoryNotes();
  }

  /** Lessons for a tool's description (today: the scratchpad primer); what it injected is published. */
  async primer(tool: string): Promise<string> {
    if (tool !== 'scratchpad') return '';
    const p = await this.cortex.scratchpadPrimer();
    if (p.injection.items.length > 0) this.bus.publish('cortex.context.injected', p.injection);
    return p.suffix;
  }
}
