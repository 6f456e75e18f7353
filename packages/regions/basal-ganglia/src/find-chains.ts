import type { Observation } from './observation.js';
import { patternId, type Occurrence } from './pattern.js';

/** 3-tool chains: every call with two predecessors in its session completes `prev2 -> prev -> tool`. */
export const findChains = (observations: readonly Observation[]): Occurrence[] => {
  const out: Occurrence[] = [];
  for (const o of observations) {
    if (o.prev === null || o.prev2 === null) continue;
    const tools = [o.prev2, o.prev, o.tool];
    const id = patternId('chain', tools);
    out.push({ id, kind: 'chain', tools, sessionId: o.sessionId, at: o.at, selfInjected: o.injected.includes(id) });
  }
  return out;
};
