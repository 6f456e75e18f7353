import type { Observation } from './observation.js';

/** Observations per session in call order: patterns never span two sessions. */
export const groupBySession = (observations: readonly Observation[]): Observation[][] => {
  const bySession = new Map<string, Observation[]>();
  for (const o of observations) {
    const list = bySession.get(o.sessionId);
    if (list) list.push(o);
    else bySession.set(o.sessionId, [o]);
  }
  return [...bySession.values()].map((list) => [...list].sort((a, b) => a.index - b.index));
};
