import type { AnyEnvelope } from '@engram/events';
import { normalizeToolTarget, toolTargetGlob } from '@engram/kernel';
import { orderSteps, type FallbackStep } from './fallback-chain.js';

/**
 * Where the step that worked is remembered: per tool and kind of target (`*.cbl`), or the exact
 * target when it has no kind. What worked on one COBOL file is the best first guess for the next.
 */
const keyOf = (tool: string, target: string | null): string => `${tool} ${target === null ? '*' : (toolTargetGlob(target) ?? normalizeToolTarget(target))}`;

/**
 * A session's fallback chains: what hosts registered, and which step last worked on each kind of
 * target, learned from the `executive.fallback.resolved` events it observes (so a resumed session
 * knows it too).
 */
export class FallbackRegistry {
  private readonly chains = new Map<string, readonly FallbackStep[]>();
  private readonly worked = new Map<string, string>();

  register<I, O>(tool: string, steps: readonly FallbackStep<I, O>[]): void {
    if (steps.length === 0) throw new Error(`fallback chain for ${tool} has no steps`);
    const names = new Set(steps.map((s) => s.name));
    if (names.size !== steps.length) throw new Error(`fallback chain for ${tool} repeats a step name: ${steps.map((s) => s.name).join(', ')}`);
    this.chains.set(tool, steps);
  }

  /** The tool's steps in the order to try them on `target` (the one that worked there first). */
  stepsFor<I, O>(tool: string, target: string | null): FallbackStep<I, O>[] {
    const steps = this.chains.get(tool) as readonly FallbackStep<I, O>[] | undefined;
    if (steps === undefined) throw new Error(`no fallback chain is registered for ${tool}: call registerFallback first`);
    return orderSteps(steps, this.worked.get(keyOf(tool, target)) ?? null);
  }

  observe(e: AnyEnvelope): void {
    if (e.type === 'executive.fallback.resolved' && e.data.worked !== null) this.worked.set(keyOf(e.data.tool, e.data.target), e.data.worked);
  }
}
