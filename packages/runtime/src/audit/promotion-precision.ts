import { defaultBasalGangliaParams, findChains, findErrorRetries, findRecoveries, projectObservations } from '@engram/basal-ganglia';
import type { AnyEnvelope } from '@engram/events';

export interface PromotionPrecision {
  /** Instincts promoted in the logs (first promotion of each). */
  readonly promoted: number;
  /** Promoted instincts with at least one session after the promotion, so recurrence can be judged. */
  readonly judged: number;
  /** Of the judged, those whose pattern occurred again in a later session. */
  readonly recurred: number;
  readonly rate: number | null;
}

/**
 * Of promoted instincts, the share whose pattern kept recurring in later sessions (issue 8 item 6):
 * a promotion that never shows up again was a coincidence, not a habit. Promotions come from the
 * `basal-ganglia.instinct.promoted` events `engram instincts promote` records; occurrences are
 * found with the habit loop's own pattern finders over every session's tool calls, counting
 * sessions that started after the promotion. Occurrences while the rule was injected count here:
 * the question is whether the habit is real, not whether it is fresh evidence for the score.
 */
export const promotionPrecision = (logs: readonly (readonly AnyEnvelope[])[]): PromotionPrecision => {
  const promotedAt = new Map<string, number>();
  const sessionStart = new Map<string, number>();
  const sessionsWith = new Map<string, Set<string>>();
  for (const events of logs) {
    const firstAt = new Map<string, number>();
    for (const e of events) {
      if (!firstAt.has(e.sessionId)) firstAt.set(e.sessionId, Date.parse(e.at));
      if (e.type === 'basal-ganglia.instinct.promoted' && !promotedAt.has(e.data.instinctId)) promotedAt.set(e.data.instinctId, Date.parse(e.at));
    }
    const observations = projectObservations(events);
    // Only sessions with tool calls can show a habit again (the lifecycle logs have none).
    for (const o of observations) if (!sessionStart.has(o.sessionId)) sessionStart.set(o.sessionId, firstAt.get(o.sessionId) ?? o.at);
    const occurrences = [...findChains(observations), ...findErrorRetries(observations), ...findRecoveries(observations, defaultBasalGangliaParams.recoveryLookahead)];
    for (const occ of occurrences) {
      let set = sessionsWith.get(occ.id);
      if (set === undefined) sessionsWith.set(occ.id, (set = new Set()));
      set.add(occ.sessionId);
    }
  }
  let judged = 0;
  let recurred = 0;
  for (const [id, at] of promotedAt) {
    const later = [...sessionStart].filter(([, start]) => start > at).map(([s]) => s);
    if (later.length === 0) continue;
    judged++;
    if (later.some((s) => sessionsWith.get(id)?.has(s) === true)) recurred++;
  }
  return { promoted: promotedAt.size, judged, recurred, rate: judged === 0 ? null : Math.round((recurred / judged) * 1000) / 1000 };
};
