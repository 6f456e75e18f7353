import type { ContextInjection } from '../injected-item.js';
import type { StrategyItem } from './strategy-item.js';

const DAY_MS = 86_400_000;

/**
 * Days a rule or lesson may go unchosen before the audit calls it stale: two months of sessions
 * cover most tools a project uses, so an entry that never made the cut in that time is about
 * something the agent no longer does (or says it too vaguely to match anything).
 */
export const DEFAULT_STALE_AFTER_DAYS = 60;

/**
 * Injections the window must hold before anything is judged: with fewer, "never chosen" says
 * more about how little engram ran than about the entry. Twenty is about two sessions' tool calls.
 */
export const DEFAULT_MIN_INJECTIONS = 20;

/** One recorded `cortex.context.injected` (an event envelope of that type fits). */
export interface InjectionRecord {
  /** ISO time it was recorded. */
  readonly at: string;
  readonly data: Pick<ContextInjection, 'items'>;
}

export interface StaleOptions {
  readonly nowMs: number;
  readonly maxAgeDays: number;
  readonly minInjections?: number;
}

export interface StaleReport {
  /** Ids of items never chosen in the window although they existed, unchanged, for all of it (input order). */
  readonly stale: readonly string[];
  /** Injections recorded in the window. */
  readonly injections: number;
  readonly windowStartMs: number;
  /** False when the window held too few injections to judge (then `stale` is empty). */
  readonly judged: boolean;
}

/**
 * Ageing out (Layer 3's other half): the rules and lessons that were put in front of the model by
 * no `cortex.context.injected` in the last `maxAgeDays` (any target: a rule shown in the system
 * prompt is in use too), although they were last written before the window began, so every
 * ranking in it could have chosen them. An entry written or updated inside the window, or of
 * unknown age, is not judged. The audit reports these; compaction may drop them. Pure.
 */
export const staleStrategies = (items: readonly Pick<StrategyItem, 'id' | 'seenAt'>[], injections: readonly InjectionRecord[], options: StaleOptions): StaleReport => {
  const windowStartMs = options.nowMs - options.maxAgeDays * DAY_MS;
  const inWindow = injections.filter((r) => {
    const at = Date.parse(r.at);
    return !Number.isNaN(at) && at >= windowStartMs && at <= options.nowMs;
  });
  if (inWindow.length < (options.minInjections ?? DEFAULT_MIN_INJECTIONS)) return { stale: [], injections: inWindow.length, windowStartMs, judged: false };
  const chosen = new Set(inWindow.flatMap((r) => r.data.items.map((i) => i.id)));
  const seen = new Set<string>();
  const stale = items
    .filter((i) => i.seenAt !== null && i.seenAt <= windowStartMs && !chosen.has(i.id))
    .map((i) => i.id)
    .filter((id) => (seen.has(id) ? false : (seen.add(id), true)));
  return { stale, injections: inWindow.length, windowStartMs, judged: true };
};
