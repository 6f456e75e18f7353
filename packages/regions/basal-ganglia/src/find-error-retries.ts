import { groupBySession } from './group-by-session.js';
import type { Observation } from './observation.js';
import { patternId, type Occurrence } from './pattern.js';

/** Error-retry pairs: a failed call immediately followed, in the same session, by the same tool. */
export const findErrorRetries = (observations: readonly Observation[]): Occurrence[] => {
  const out: Occurrence[] = [];
  for (const calls of groupBySession(observations)) {
    for (let i = 1; i < calls.length; i++) {
      const failed = calls[i - 1];
      const retry = calls[i];
      if (failed === undefined || retry === undefined || failed.ok || retry.tool !== failed.tool) continue;
      const tools = [failed.tool];
      const id = patternId('error-retry', tools);
      out.push({ id, kind: 'error-retry', tools, sessionId: retry.sessionId, at: retry.at, selfInjected: retry.injected.includes(id) });
    }
  }
  return out;
};
