import { describePattern, type Instinct, type InstinctPlan } from '@engram/basal-ganglia';
import { draft, type AnyDraft } from '@engram/events';
import { recordEvents } from '../audit/record-events.js';
import type { SessionLogWriter } from '../brain-stores.js';

/**
 * Records the promotions and archives a loop run decided as `basal-ganglia.instinct.promoted` and
 * `.archived`, so promotion precision is computed from the logs: in the scope's events folder, or
 * the store's event log (`recordEvents`). Returns the log's location, or null when nothing changed.
 */
export const recordLifecycle = async (eventsDir: string | ((sessionId: string) => SessionLogWriter), now: number, plan: InstinctPlan): Promise<string | null> => {
  const promoted = plan.promoted.map((id) => plan.active.find((i) => i.id === id)).filter((i): i is Instinct => i !== undefined);
  const drafts: AnyDraft[] = [
    ...promoted.map((i) =>
      draft('basal-ganglia.instinct.promoted', {
        instinctId: i.id,
        pattern: { kind: i.kind, tools: [...i.tools] },
        confidence: i.confidence,
        observations: i.observations,
        sessions: i.sessions,
        rule: describePattern(i.kind, i.tools),
      }),
    ),
    ...plan.archived.map((i) => draft('basal-ganglia.instinct.archived', { instinctId: i.id, reason: i.archiveReason ?? 'manual' })),
  ];
  return drafts.length === 0 ? null : recordEvents(eventsDir, now, drafts);
};
