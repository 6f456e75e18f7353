import { join } from 'node:path';
import { createBus } from '@engram/bus';
import type { AnyDraft, AnyEnvelope } from '@engram/events';
import { manualClock, newSessionId } from '@engram/kernel';
import { fileLogWriter, type SessionLogWriter } from '../brain-stores.js';

/**
 * Records what a command decided outside any agent session (an instinct promoted, an entry the
 * user removed) as events in an event log of its own, next to the sessions' logs, so the audit
 * (`engram memory stats`) is computed from logs alone. The log holds no turn and no tool call, so
 * session statistics and the habit loop ignore it. `target` is an events folder (the log is
 * `<folder>/<session>.jsonl`) or the store's log opener (`BrainStores.eventLog`: the log is then
 * wherever the store keeps the sessions'). Returns the log's location.
 */
export const recordEvents = async (target: string | ((sessionId: string) => SessionLogWriter), now: number, drafts: readonly AnyDraft[]): Promise<string> => {
  const sessionId = newSessionId(now);
  const bus = createBus({ sessionId, clock: manualClock(now) });
  const events: AnyEnvelope[] = [];
  const sub = bus.subscribe('audit-log', (e) => events.push(e));
  for (const d of drafts) bus.publish(d.type, d.data);
  sub.unsubscribe();
  bus.close();
  const writer = typeof target === 'string' ? fileLogWriter(join(target, `${sessionId}.jsonl`), sessionId) : target(sessionId);
  try {
    await writer.append(events);
    writer.sync();
  } finally {
    writer.close();
  }
  return writer.location;
};
