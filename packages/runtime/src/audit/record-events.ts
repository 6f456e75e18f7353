import { join } from 'node:path';
import { createBus } from '@engram/bus';
import type { AnyDraft, AnyEnvelope } from '@engram/events';
import { manualClock, newSessionId } from '@engram/kernel';
import { JsonlLogWriter } from '@engram/store';

/**
 * Records what a command decided outside any agent session (an instinct promoted, an entry the
 * user removed) as events in an event log of its own, next to the sessions' logs, so the audit
 * (`engram memory stats`) is computed from logs alone. The log holds no turn and no tool call, so
 * session statistics and the habit loop ignore it. Returns the log's path.
 */
export const recordEvents = async (eventsDir: string, now: number, drafts: readonly AnyDraft[]): Promise<string> => {
  const sessionId = newSessionId(now);
  const bus = createBus({ sessionId, clock: manualClock(now) });
  const events: AnyEnvelope[] = [];
  const sub = bus.subscribe('audit-log', (e) => events.push(e));
  for (const d of drafts) bus.publish(d.type, d.data);
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
