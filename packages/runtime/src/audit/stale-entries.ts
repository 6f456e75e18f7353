import { DEFAULT_STALE_AFTER_DAYS, staleStrategies, type Cortex, type InjectionRecord } from '@engram/cortex';
import type { AnyEnvelope } from '@engram/events';

export interface StaleEntries {
  /** False when the window held too few injections to tell (then `items` is empty). */
  readonly judged: boolean;
  readonly windowDays: number;
  readonly injections: number;
  readonly items: readonly { readonly id: string; readonly kind: string; readonly text: string }[];
}

/**
 * The stored rules and lessons no `cortex.context.injected` in the logs chose for the last 60 days
 * although they existed for all of them (`staleStrategies`): what ageing out reports and prunes.
 */
export const staleEntries = async (memory: { readonly cortex: Pick<Cortex, 'strategyCandidates'> }, logs: readonly (readonly AnyEnvelope[])[], nowMs: number): Promise<StaleEntries> => {
  const candidates = await memory.cortex.strategyCandidates();
  const injections: InjectionRecord[] = logs.flat().flatMap((e) => (e.type === 'cortex.context.injected' ? [{ at: e.at, data: e.data }] : []));
  const report = staleStrategies(candidates, injections, { nowMs, maxAgeDays: DEFAULT_STALE_AFTER_DAYS });
  const byId = new Map(candidates.map((c) => [c.id, c]));
  return {
    judged: report.judged,
    windowDays: DEFAULT_STALE_AFTER_DAYS,
    injections: report.injections,
    items: report.stale.flatMap((id) => {
      const c = byId.get(id);
      return c === undefined ? [] : [{ id, kind: c.kind, text: c.text }];
    }),
  };
};
