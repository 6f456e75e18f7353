import { groupBySession } from './group-by-session.js';
import type { Observation } from './observation.js';
import { patternId, type Occurrence } from './pattern.js';

/**
 * Error-then-recovery sequences: a call of tool A fails, the next call is a different tool B, and
 * the next call of A (within `lookahead` calls of the failure) succeeds. Recorded as `A>B`: "when
 * A fails, B then A again works", at the successful call.
 */
export const findRecoveries = (observations: readonly Observation[], lookahead: number): Occurrence[] => {
  const out: Occurrence[] = [];
  for (const calls of groupBySession(observations)) {
    for (let i = 0; i + 2 < calls.length; i++) {
      const failed = calls[i];
      const between = calls[i + 1];
      if (failed === undefined || between === undefined || failed.ok || between.tool === failed.tool) continue;
      for (let j = i + 2; j <= i + lookahead && j < calls.length; j++) {
        const next = calls[j];
        if (next?.tool !== failed.tool) continue;
        if (next.ok) {
          const tools = [failed.tool, between.tool];
          const id = patternId('recovery', tools);
          out.push({ id, kind: 'recovery', tools, sessionId: next.sessionId, at: next.at, selfInjected: next.injected.includes(id) });
        }
        break;
      }
    }
  }
  return out;
};
