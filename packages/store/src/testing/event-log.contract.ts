import { buildEvent as buildOne, buildStream as buildMany } from '@engram/events/testing';
import { Effect, Fiber, type Layer, Stream } from 'effect';
import { describe, expect, it } from 'vitest';
import { EventLog } from '../event-log.js';
import type { StoreError } from '../store-error.js';

const S1 = '20261122_031500_ab12';
const S2 = '20261122_031501_cd34';

// Event ids are unique in a real log (a backend may key idempotent appends on them), so the
// builders' per-stream ids (evt-1, evt-2 ...) are made unique across the whole suite.
let ids = 0;
const unique = <E extends { id: string }>(e: E): E => ({ ...e, id: `contract-${++ids}` });
const buildStream: typeof buildMany = (...args) => buildMany(...args).map(unique);
const buildEvent: typeof buildOne = (type, data, meta) => (meta?.id !== undefined ? buildOne(type, data, meta) : unique(buildOne(type, data, meta)));

/**
 * The behaviour every EventLog backend must have. Each backend's test file calls this with a
 * factory giving a fresh, empty log.
 */
export const eventLogContract = (name: string, freshLayer: () => Layer.Layer<EventLog, StoreError>) => {
  const run = <A, E>(f: (log: EventLog['Service']) => Effect.Effect<A, E>): Promise<A> =>
    Effect.runPromise(Effect.scoped(Effect.provide(EventLog.use(f), freshLayer())));

  describe(`EventLog contract: ${name}`, () => {
    it('appends batches and reads them back in order with seq 1..n', async () => {
      const got = await run((log) =>
        Effect.gen(function* () {
          const a = buildStream([['executive.turn.started'], ['executive.round.started']]);
          const b = buildStream([['scratchpad.cell.killed'], ['executive.turn.completed']]);
          yield* log.append(S1, a);
          yield* log.append(S1, b);
          return yield* log.read(S1);
        }),
      );
      expect(got.events.map((e) => [e.seq, e.type])).toEqual([
        [1, 'executive.turn.started'],
        [2, 'executive.round.started'],
        [3, 'scratchpad.cell.killed'],
        [4, 'executive.turn.completed'],
      ]);
      expect(got.problems).toEqual([]);
    });

    it('assigns seq itself, whatever seq the appended events carry', async () => {
      const stored = await run((log) =>
        Effect.gen(function* () {
          yield* log.append(S1, [buildEvent('executive.turn.started', {}, { seq: 99 })]);
          return yield* log.append(S1, [buildEvent('executive.cap.exhausted', {}, { seq: 7 })]);
        }),
      );
      expect(stored.map((e) => e.seq)).toEqual([2]);
    });

    it('keeps every other field of an event unchanged', async () => {
      const e = buildEvent('llm.call.completed', {}, { causationId: 'c-1', turn: 3, round: 2, id: 'x-1' });
      const got = await run((log) => Effect.flatMap(log.append(S1, [e]), () => log.read(S1)));
      expect(got.events).toEqual([e]);
    });

    it('keeps sessions apart and lists them', async () => {
      const got = await run((log) =>
        Effect.gen(function* () {
          yield* log.append(S2, buildStream([['executive.turn.started']], { sessionId: S2 }));
          yield* log.append(S1, buildStream([['executive.turn.started'], ['executive.turn.completed']]));
          return { s1: (yield* log.read(S1)).events.length, s2: (yield* log.read(S2)).events.length, sessions: yield* log.sessions() };
        }),
      );
      expect(got).toEqual({ s1: 2, s2: 1, sessions: [S1, S2] });
    });

    it('reads a seq range', async () => {
      const got = await run((log) =>
        Effect.gen(function* () {
          yield* log.append(S1, buildStream(Array.from({ length: 10 }, () => ['executive.cap.exhausted'] as const)));
          return yield* log.read(S1, { fromSeq: 4, toSeq: 6 });
        }),
      );
      expect(got.events.map((e) => e.seq)).toEqual([4, 5, 6]);
    });

    it('reads an unknown session as empty', async () => {
      expect((await run((log) => log.read(S2))).events).toEqual([]);
    });

    it('refuses hostile session ids', async () => {
      for (const bad of ['../x', '/etc/passwd', '', 'a/b', '.hidden']) {
        const r = await run((log) => Effect.flip(log.append(bad, [buildEvent('executive.turn.started')])));
        expect(r.reason).toBe('invalid-session');
      }
    });

    it('follows a live log: existing events first, then appended ones', async () => {
      const got = await run((log) =>
        Effect.gen(function* () {
          yield* log.append(S1, buildStream([['executive.turn.started'], ['executive.round.started']]));
          const fiber = yield* Effect.forkChild(Stream.runCollect(Stream.take(log.follow(S1, { fromSeq: 2 }), 3)));
          yield* Effect.sleep('20 millis');
          yield* log.append(S1, buildStream([['executive.round.completed'], ['executive.turn.completed']]));
          return (yield* Fiber.join(fiber));
        }),
      );
      expect(got.map((e) => [e.seq, e.type])).toEqual([
        [2, 'executive.round.started'],
        [3, 'executive.round.completed'],
        [4, 'executive.turn.completed'],
      ]);
    });

    it('syncs and closes without losing events', async () => {
      const got = await run((log) =>
        Effect.gen(function* () {
          yield* log.append(S1, buildStream([['executive.turn.started']]));
          yield* log.sync(S1);
          yield* log.close();
          return yield* log.read(S1);
        }),
      );
      expect(got.events).toHaveLength(1);
    });
  });
};
