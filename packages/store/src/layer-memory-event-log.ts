import type { AnyEnvelope } from '@engram/events';
import { Effect, Layer, PubSub, Stream } from 'effect';
import { EventLog, type ReadRange } from './event-log.js';
import { checkSessionId } from './safe-session-id.js';

/** An in-memory EventLog: for tests, simulations and hosts that do not persist. */
export const makeMemoryEventLog = Effect.gen(function* () {
  const logs = new Map<string, AnyEnvelope[]>();
  const pubsub = yield* PubSub.unbounded<AnyEnvelope>();
  const inRange = (e: AnyEnvelope, r: ReadRange) => e.seq >= (r.fromSeq ?? 0) && e.seq <= (r.toSeq ?? Number.POSITIVE_INFINITY);
  const check = (sessionId: string) => {
    const err = checkSessionId(sessionId);
    return err ? Effect.fail(err) : Effect.void;
  };
  return EventLog.of({
    append: (sessionId, events) =>
      Effect.gen(function* () {
        yield* check(sessionId);
        const log = logs.get(sessionId) ?? [];
        logs.set(sessionId, log);
        let seq = log.at(-1)?.seq ?? 0;
        const stored = events.map((e) => ({ ...e, seq: ++seq }));
        log.push(...stored);
        for (const e of stored) yield* PubSub.publish(pubsub, e);
        return stored;
      }),
    read: (sessionId, range = {}) =>
      check(sessionId).pipe(Effect.as({ events: (logs.get(sessionId) ?? []).filter((e) => inRange(e, range)), problems: [] })),
    follow: (sessionId, range = {}) =>
      Stream.unwrap(
        Effect.gen(function* () {
          yield* check(sessionId);
          const sub = yield* PubSub.subscribe(pubsub);
          const existing = (logs.get(sessionId) ?? []).filter((e) => inRange(e, range));
          const last = existing.at(-1)?.seq ?? 0;
          const live = Stream.fromSubscription(sub).pipe(Stream.filter((e) => e.sessionId === sessionId && e.seq > last && inRange(e, range)));
          return Stream.concat(Stream.fromIterable(existing), live);
        }),
      ),
    sync: (sessionId) => check(sessionId),
    sessions: () => Effect.sync(() => [...logs.keys()].sort()),
    close: () => Effect.void,
  });
});

export const layerMemoryEventLog = Layer.effect(EventLog, makeMemoryEventLog);
