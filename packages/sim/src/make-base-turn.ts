import { ACC_DETECTORS, accProfiles, observationFromEnvelope, runDetector, type DetectorId, type Observation } from '@engram/acc';
import type { AnyEnvelope } from '@engram/events';
import { baseSite } from './base-site.js';
import type { BaseTurn } from './base-turn.js';

/** The detectors whose verdict on these events alone is a lesson, under `anton`. */
const firingUnderAnton = (events: readonly AnyEnvelope[]): Set<DetectorId> => {
  const observations: Observation[] = [];
  for (const e of events) {
    const o = observationFromEnvelope(e);
    if (o !== null) observations.push(o);
  }
  return new Set(ACC_DETECTORS.filter((d) => runDetector(d, observations, accProfiles.anton) !== null).map((d) => d.id));
};

/**
 * Where each round's injected events go: before its `executive.round.completed`. Only rounds that
 * called tools get one (a round that only answered has nowhere for a tool call to happen), unless
 * the turn has no such round; a turn without rounds gets none and injects before its end.
 */
const slotsOf = (events: readonly AnyEnvelope[]): Map<number, number> => {
  const working = new Map<number, number>();
  const all = new Map<number, number>();
  events.forEach((e, i) => {
    if (e.type !== 'executive.round.completed') return;
    all.set(e.data.round, i);
    if (e.data.toolCalls > 0) working.set(e.data.round, i);
  });
  return working.size > 0 ? working : all;
};

/** A base turn from one recorded turn's events (the last one ends it; ACC judgements already removed). */
export const makeBaseTurn = (file: string, turn: number, events: readonly AnyEnvelope[]): BaseTurn => ({
  file,
  turn,
  events,
  site: baseSite(events),
  slots: slotsOf(events),
  firesUnderAnton: firingUnderAnton(events),
});
