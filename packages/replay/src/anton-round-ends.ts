import type { TraceEvent } from './parse-anton-trace.js';

/** Anton traces without tool rounds (the non-streaming path) get a round every this many events. */
const EVENTS_PER_SYNTHETIC_ROUND = 5;

/**
 * Where the rounds of an Anton trace end, as trace indexes: just before an event whose
 * `round_idx` is above every one seen so far (scratchpad events carry 0 in Anton, so they never
 * open a round), and at the end of the trace. When no event has a `round_idx` above 0, a round is
 * every 5 events. Skipped entries take no part: a round ends on an accepted event.
 */
export const antonRoundEnds = (events: readonly TraceEvent[]): number[] => {
  const ends: number[] = [];
  const last = events.at(-1);
  if (last === undefined) return ends;
  if (!events.some((e) => e.observation.round > 0)) {
    events.forEach((e, i) => {
      if ((i + 1) % EVENTS_PER_SYNTHETIC_ROUND === 0 || e === last) ends.push(e.index);
    });
    return ends;
  }
  let highest = Number.NEGATIVE_INFINITY;
  events.forEach((e, i) => {
    const previous = events[i - 1];
    if (e.observation.round > highest) {
      if (previous !== undefined && highest !== Number.NEGATIVE_INFINITY) ends.push(previous.index);
      highest = e.observation.round;
    }
  });
  ends.push(last.index);
  return ends;
};
