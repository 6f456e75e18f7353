import { join } from 'node:path';
import { createBus } from '@engram/bus';
import type { AnyDraft, AnyEnvelope } from '@engram/events';
import { manualClock, newSessionId } from '@engram/kernel';
import { fileLogWriter, type SessionLogWriter } from '../brain-stores.js';

/**
 * Records what a command decided outside any agent session (an instinct promoted, an entry the
 * user removed, a retirement) as events in an event log of its own, a session id of the command's
 * own, beside the sessions' logs, so the audit is computed from logs alone. The log holds no turn
 * and no tool call, so session statistics and the habit loop ignore it. `log` opens the log for
 * that session id in whichever store is active (`BrainStores.eventLog`). Returns where it went.
 */
export const recordEventsIn = async (log: (sessionId: string) => SessionLogWriter, now: number, drafts: readonly AnyDraft[]): Promise<string> => {
  const sessionId = newSessionId(now);
  const bus = createBus({ sessionId, clock: manualClock(now) });
  const events: AnyEnvelope[] = [];
  const sub = bus.subscribe('audit-log', (e) => events.push(e));
  for (const d of drafts) bus.publish(d.type, d.data);
  sub.unsubscribe();
  bus.close();
  const writer = log(sessionId);
  try {
    await writer.append(events);
    writer.sync();
  } finally {
    writer.close();
  }
  return writer.location;
};

/**
 * `recordEventsIn` a JSONL file of its own in `target` (a scope's events folder), or in the
 * store's log when `target` is its opener (`BrainStores.eventLog`). Returns where it went.
 */
export const recordEvents = (target: string | ((sessionId: string) => SessionLogWriter), now: number, drafts: readonly AnyDraft[]): Promise<string> =>
  recordEventsIn(typeof target === 'string' ? (sessionId) => fileLogWriter(join(target, `${sessionId}.jsonl`), sessionId) : target, now, drafts);
