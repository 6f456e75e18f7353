import { lessonToEngram, slotRivals, type LessonId } from '@engram/acc';
import type { Bus } from '@engram/bus';
import { Cortex, PendingQueue } from '@engram/cortex';
import type { AnyEnvelope } from '@engram/events';
import { FileSemanticStore } from '@engram/hippocampus';
import type { Clock } from '@engram/kernel';
import type { EngramPaths } from './engram-paths.js';
import type { BackgroundWork } from './background-work.js';
import type { MemoryMode } from './engram-session.js';
import { habitsBlock, readPromotedHabits } from './promoted-habits.js';

/**
 * The session's long-term memory: the cortex over the file stores of both scopes. Lessons the
 * regions publish become proposals through the cortex's gate (the ACC's with their detector slot,
 * so a new kill-loop variant replaces the stored one). Writes run as background work the
 * session's `settled()` waits for.
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
    const global = new FileSemanticStore({ scope: 'global', dir: paths.globalMemoryDir, root: paths.home, clock });
    const project = paths.projectMemoryDir === null ? null : new FileSemanticStore({ scope: 'project', dir: paths.projectMemoryDir, root: paths.rootOf(paths.projectMemoryDir), clock });
    this.cortex = new Cortex({ global, project, mode, pending: new PendingQueue(paths.pendingMemoryFile), sink: bus, clock });
    bus.subscribe('session-memory', (e) => this.onEvent(e));
  }

  private onEvent(e: AnyEnvelope): void {
    if (e.type === 'acc.lesson.detected') {
      const lesson = { id: e.data.lessonId as LessonId, kind: e.data.kind, rule: e.data.rule };
      this.background.track(this.cortex.propose({ engram: lessonToEngram(lesson), origin: 'acc', causationId: e.id, supersedes: slotRivals(lesson).map((r) => r.rule) }));
    } else if (e.type === 'cortex.engram.proposed' && e.data.origin === 'consolidation') {
      // Sleep replay's core publishes its proposals itself (so replay re-derives them); the gate and the write happen here.
      this.background.track(this.cortex.settle({ proposalId: e.data.proposalId, engram: e.data.engram, origin: 'consolidation', causationId: e.id }));
    } else if (e.type === 'cerebellum.lesson.learned') {
      this.background.track(
        this.cortex.propose({
          engram: { text: e.data.text, kind: 'lesson', scope: 'project', confidence: 'medium', topic: e.data.topic, source: 'consolidation' },
          origin: 'cerebellum',
          causationId: e.id,
        }),
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
