import type { AnyEnvelope } from '@engram/events';
import type { Observation } from './observation.js';

interface SessionTrack {
  index: number;
  prev: string | null;
  prev2: string | null;
  injected: readonly string[];
}

/**
 * Projects tool events into observations: a pure function of the events (given in log order per
 * session; sessions may interleave). Every `executive.tool.resulted` becomes one observation;
 * `cortex.context.injected` adds its item ids to what the rest of that session has been shown,
 * because an injected rule stays in the model's context until the session ends.
 */
export const projectObservations = (events: Iterable<AnyEnvelope>): Observation[] => {
  const sessions = new Map<string, SessionTrack>();
  const out: Observation[] = [];
  const track = (sessionId: string): SessionTrack => {
    let t = sessions.get(sessionId);
    if (t === undefined) {
      t = { index: 0, prev: null, prev2: null, injected: [] };
      sessions.set(sessionId, t);
    }
    return t;
  };
  for (const e of events) {
    if (e.type === 'cortex.context.injected') {
      const t = track(e.sessionId);
      const ids = e.data.items.map((i) => i.id).filter((id) => !t.injected.includes(id));
      if (ids.length > 0) t.injected = [...t.injected, ...ids];
    } else if (e.type === 'executive.tool.resulted') {
      const t = track(e.sessionId);
      out.push({
        sessionId: e.sessionId,
        index: t.index,
        tool: e.data.name,
        ok: e.data.ok,
        durationMs: e.data.durationMs,
        prev: t.prev,
        prev2: t.prev2,
        at: Date.parse(e.at),
        injected: t.injected,
      });
      t.index += 1;
      t.prev2 = t.prev;
      t.prev = e.data.name;
    }
  }
  return out;
};
