import { join } from 'node:path';
import { describePattern, type Instinct, type InstinctPlan } from '@engram/basal-ganglia';
import { createBus } from '@engram/bus';
import type { AnyEnvelope } from '@engram/events';
import { manualClock, newSessionId } from '@engram/kernel';
import { JsonlLogWriter } from '@engram/store';

/**
 * Writes the promotions and archives a loop run decided as `basal-ganglia.instinct.promoted` and
 * `.archived` events, in an event log of their own next to the sessions' logs, so the injection
 * audit (`engram memory stats`) computes promotion precision from logs alone. The log holds no
 * tool calls, so the habit loop's own analysis ignores it. Returns the log's path, or null when
 * nothing changed.
 */
export const recordLifecycle = async (eventsDir: string, now: number, plan: InstinctPlan): Promise<string | null> => {
  const promoted = plan.promoted.map((id) => plan.active.find((i) => i.id === id)).filter((i): i is Instinct => i !== undefined);
  if (promoted.length === 0 && plan.archived.length === 0) return null;
  const sessionId = newSessionId(now);
  const bus = createBus({ sessionId, clock: manualClock(now) });
  const events: AnyEnvelope[] = [];
  const sub = bus.subscribe('instinct-lifecycle-log', (e) => events.push(e));
  for (const i of promoted)
    bus.publish('basal-ganglia.instinct.promoted', {
      instinctId: i.id,
      pattern: { kind: i.kind, tools: [...i.tools] },
      confidence: i.confidence,
      observations: i.observations,
      sessions: i.sessions,
      rule: describePattern(i.kind, i.tools),
    });
  for (const i of plan.archived) bus.publish('basal-ganglia.instinct.archived', { instinctId: i.id, reason: i.archiveReason ?? 'manual' });
  sub.unsubscribe();
  bus.close();
  const file = join(eventsDir, `${sessionId}.jsonl`);
  const writer = new JsonlLogWriter(file, sessionId);
  try {
    await writer.append(events);
    writer.sync();
  } finally {
    writer.close();
  }
  return file;
};
