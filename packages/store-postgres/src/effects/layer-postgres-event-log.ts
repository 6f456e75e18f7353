import { checkSessionId, EventLog, StoreError } from '@engram/store/effect';
import { Effect, Layer, Stream } from 'effect';
import { openPostgres, type PostgresDb, type PostgresOptions } from './open-postgres.js';
import { appendEvents, followEvents, listSessions, readEvents } from './postgres-event-log.js';
import { withReconnect } from './with-reconnect.js';

const failed = (db: PostgresDb, op: string) => (cause: unknown) =>
  new StoreError({ reason: 'io', file: db.where, message: `${op} in ${db.where} (tenant ${db.tenant}): ${cause instanceof Error ? cause.message : String(cause)}`, cause });

/** The EventLog service over an open database (the caller owns the pool). */
export const makePostgresEventLog = (db: PostgresDb): EventLog['Service'] => {
  const checked = <A>(sessionId: string, f: () => Effect.Effect<A, StoreError>) => {
    const err = checkSessionId(sessionId);
    return err ? Effect.fail(err) : f();
  };
  return EventLog.of({
    append: (sessionId, events) => checked(sessionId, () => Effect.tryPromise({ try: () => withReconnect(() => appendEvents(db, sessionId, events)), catch: failed(db, `appending to session ${sessionId}`) })),
    read: (sessionId, range = {}) =>
      checked(sessionId, () => Effect.tryPromise({ try: async () => ({ events: await withReconnect(() => readEvents(db, sessionId, range)), problems: [] }), catch: failed(db, `reading session ${sessionId}`) })),
    follow: (sessionId, range = {}) => {
      const err = checkSessionId(sessionId);
      if (err) return Stream.fail(err);
      return Stream.unwrap(
        Effect.sync(() => {
          const abort = new AbortController();
          return Stream.fromAsyncIterable(followEvents(db, sessionId, range.fromSeq ?? 1, abort.signal), failed(db, `following session ${sessionId}`)).pipe(
            Stream.ensuring(Effect.sync(() => abort.abort())),
          );
        }),
      );
    },
    // Every append commits before it returns: there is nothing left to make durable.
    sync: (sessionId) => checked(sessionId, () => Effect.void),
    sessions: () => Effect.tryPromise({ try: () => withReconnect(() => listSessions(db)), catch: failed(db, 'listing sessions') }),
    close: () => Effect.void,
  });
};

/** An EventLog on PostgreSQL that opens (and migrates) its own pool and closes it with the scope. */
export const layerPostgresEventLog = (options: PostgresOptions) =>
  Layer.effect(
    EventLog,
    Effect.gen(function* () {
      const db = yield* Effect.acquireRelease(
        Effect.tryPromise({
          try: () => openPostgres(options),
          catch: (cause) => new StoreError({ reason: 'io', message: cause instanceof Error ? cause.message : String(cause), cause }),
        }),
        (opened) => Effect.promise(() => opened.close()),
      );
      return makePostgresEventLog(db);
    }),
  );
