import type { EventData } from '@engram/events';
import { pendingIdFor } from '../pending-item.js';
import type { WritePlan } from './decide-write.js';

type Contradicted = EventData<'cortex.engram.contradicted'>;
type Superseded = EventData<'hippocampus.engram.superseded'>;

/** The note a slot rival is retired with. */
const RIVAL_NOTE = "a newer variant of the same ACC detector's lesson";

/**
 * The `cortex.engram.contradicted` a plan publishes once carried out: each blocked target as
 * `pending` (both wait for the user), or each judged target a stored write retires as `supersede`.
 * One function for the effect and replay, so what the effect publishes is what replay expects.
 */
export const plannedContradictions = (proposalId: string, plan: WritePlan, note: string): Contradicted[] => {
  if (plan.action === 'queue')
    return plan.blocked.map((t) => ({
      proposalId,
      entryId: t.entry.id,
      scope: t.scope,
      judge: t.judge ?? 'heuristic',
      verdict: 'pending',
      pendingId: pendingIdFor(proposalId),
      reason: t.judge === null ? `a correction from a less trusted writer: ${note || 'no note'}` : t.why,
    }));
  if (plan.action === 'refuse') return [];
  return plan.targets.flatMap((t) => (t.judge === null ? [] : [{ proposalId, entryId: t.entry.id, scope: t.scope, judge: t.judge, verdict: 'supersede' as const, pendingId: null, reason: t.why }]));
};

/**
 * The `hippocampus.engram.superseded` a stored write publishes: its slot rivals (retired before
 * it is stored, replaced by no id), then its targets (replaced by the stored entry's id, which
 * only the store's answer gives: `by`).
 */
export const plannedRetirements = (proposalId: string, plan: WritePlan, note: string, by: string | null): Superseded[] => {
  if (plan.action !== 'store') return [];
  return [
    ...plan.rivals.map((r) => ({ entryId: r.entry.id, scope: r.scope, text: r.entry.text, supersededBy: null, proposalId, reason: 'slot-rival' as const, note: RIVAL_NOTE })),
    ...plan.targets.map((t) => ({ entryId: t.entry.id, scope: t.scope, text: t.entry.text, supersededBy: by, proposalId, reason: t.reason, note: t.judge === null ? note : t.why })),
  ];
};
