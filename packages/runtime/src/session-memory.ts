import { slotRivals, type LessonId } from '@engram/acc';
import type { Bus } from '@engram/bus';
import { Cortex, PendingQueue, pendingPathFor } from '@engram/cortex';
import type { AnyEnvelope } from '@engram/events';
import { FileSemanticStore } from '@engram/hippocampus';
import type { Clock } from '@engram/kernel';
import { join } from 'node:path';
import type { EngramPaths } from './engram-paths.js';
import type { BackgroundWork } from './background-work.js';
import type { MemoryMode } from './engram-session.js';
import { habitsBlock, readPromotedHabits } from './promoted-habits.js';

/** Proposals the cores derive (`brainCores`); the others (`memorize`, the user's) are proposed by the cortex effect itself. */
const DERIVED_ORIGINS: ReadonlySet<string> = new Set(['acc', 'cerebellum', 'consolidation']);

/**
 * The session's long-term memory: the cortex over the file stores of both scopes. The proposals
 * the cores derive from the regions' lessons are carried out here through the cortex's gate (the
 * ACC's with their detector slot, so a new kill-loop variant replaces the stored one). Writes run
 * as background work the session's `settled()` waits for.
 */
export class SessionMemory {
  readonly cortex: Cortex;

  constructor(
    private readonly bus: Bus,
    private readonly paths: EngramPaths,
    mode: MemoryMode,
    clock: Clock,
    private readonly background: BackgroundWork,
  ) {
    const global = new FileSemanticStore({ scope: 'global', dir: paths.globalMemoryDir, clock });
    const project = paths.projectMemoryDir === null ? null : new FileSemanticStore({ scope: 'project', dir: paths.projectMemoryDir, clock });
    const engramRoot = paths.project === null ? paths.home : join(paths.project, '.engram');
    this.cortex = new Cortex({ global, project, mode, pending: new PendingQueue(pendingPathFor(engramRoot)), sink: bus, clock });
    bus.subscribe('session-memory', (e) => this.onEvent(e));
  }

  /** ACC lessons by the id of the event that published them: an ACC proposal replaces its detector slot's rivals. */
  private readonly accLessons = new Map<string, LessonId>();

  /**
   * Carries out what the cortex's cores decided: each proposal they derived from a lesson
   * (`cortex.lessons`) or a sleep replay (`cortex.consolidation`) goes through the gate it
   * recorded (encode now, or write the pending queue, whose `cortex.engram.queued` the gate core
   * publishes) and the store's answer is recorded as `hippocampus.engram.encoded`.
   */
  private onEvent(e: AnyEnvelope): void {
    if (e.type === 'acc.lesson.detected') this.accLessons.set(e.id, e.data.lessonId as LessonId);
    else if (e.type === 'cortex.engram.proposed' && DERIVED_ORIGINS.has(e.data.origin)) {
      const lesson = e.data.origin === 'acc' && e.causationId !== null ? this.accLessons.get(e.causationId) : undefined;
      const supersedes = lesson === undefined ? undefined : slotRivals({ id: lesson }).map((r) => r.rule);
      this.background.track(
        this.cortex.settle({ proposalId: e.data.proposalId, engram: e.data.engram, origin: e.data.origin, gate: e.data.gate, causationId: e.id, ...(supersedes === undefined ? {} : { supersedes }) }),
      );
    }
  }

  /**
   * The memory block for the system prompt, then the habits the instinct loop promoted; what each
   * injected is published (the habits with their instinct ids, for the self-confirmation guard).
   */
  async context(message: string): Promise<string> {
    const ctx = await this.cortex.memoryContext(message);
    if (ctx.injection.items.length > 0) this.bus.publish('cortex.context.injected', ctx.injection);
    const habits = habitsBlock(readPromotedHabits(this.paths).habits);
    if (habits.injection === null) return ctx.text;
    this.bus.publish('cortex.context.injected', habits.injection);
    return ctx.text === '' ? habits.text : `${ctx.text.trimEnd()}\n\n${habits.text}`;
  }

  /** Lessons for a tool's description (today: the scratchpad primer); what it injected is published. */
  async primer(tool: string): Promise<string> {
    if (tool !== 'scratchpad') return '';
    const p = await this.cortex.scratchpadPrimer();
    if (p.injection.items.length > 0) this.bus.publish('cortex.context.injected', p.injection);
    return p.suffix;
  }
}
