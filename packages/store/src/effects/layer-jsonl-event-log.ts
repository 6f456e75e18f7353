import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock, IdSource } from '@engram/kernel';
import { Effect, Layer, Stream } from 'effect';
import { EventLog, type ReadRange } from '../event-log.js';
import { followLogFile } from './follow-log-file.js';
import { JsonlLogWriter } from './jsonl-log-writer.js';
import { readLogFile } from './read-log-file.js';
import { checkSessionId } from '../safe-session-id.js';
import { StoreError } from '../store-error.js';

export interface JsonlEventLogOptions {
  /** The events folder, e.g. `<project>/.engram/events`. */
  readonly dir: string;
  readonly clock?: Clock;
  readonly ids?: IdSource;
  /** Poll interval for `follow`. */
  readonly pollMs?: number;
}

const ioError = (file: string, op: string) => (cause: unknown) =>
  new StoreError({ reason: 'io', file, message: `${op} ${file}: ${cause instanceof Error ? cause.message : String(cause)}`, cause });

/** One JSONL file per session under `dir` (`<session>.jsonl`), shared safely by several processes. */
export const makeJsonlEventLog = (options: JsonlEventLogOptions) =>
  Effect.gen(function* () {
    const writers = new Map<string, JsonlLogWriter>();
    const fileOf = (sessionId: string) => join(options.dir, `${sessionId}.jsonl`);
    const checked = <A>(sessionId: string, f: (file: string) => Effect.Effect<A, StoreError>) => {
      const err = checkSessionId(sessionId);
      return err ? Effect.fail(err) : f(fileOf(sessionId));
    };
    const writerOf = (sessionId: string, file: string) => {
      let w = writers.get(sessionId);
      if (!w) {
        w = new JsonlLogWriter(file, sessionId, { ...(options.clock ? { clock: options.clock } : {}), ...(options.ids ? { ids: options.ids } : {}) });
        writers.set(sessionId, w);
      }
      return w;
    };
    const closeAll = Effect.try({
      try: () => {
        for (const w of writers.values()) w.close();
        writers.clear();
      },
      catch: ioError(options.dir, 'closing logs in'),
    });
    yield* Effect.addFinalizer(() => closeAll.pipe(Effect.ignore));

    return EventLog.of({
      append: (sessionId, events) =>
        checked(sessionId, (file) =>
          Effect.tryPromise({
            try: () => writerOf(sessionId, file).append(events),
            catch: (cause) =>
              new StoreError({
                reason: cause instanceof Error && /lock/i.test(cause.message) ? 'lock' : 'io',
                file,
                message: `appending to ${file}: ${cause instanceof Error ? cause.message : String(cause)}`,
                cause,
              }),
          }),
        ),
      read: (sessionId, range: ReadRange = {}) =>
        checked(sessionId, (file) =>
          Effect.try({
            try: () => {
              if (!existsSync(file)) return { events: [], problems: [] };
              const r = readLogFile(file, range);
              return { events: r.events, problems: r.problems };
            },
            catch: ioError(file, 'reading'),
          }),
        ),
      follow: (sessionId, range = {}) => {
        const err = checkSessionId(sessionId);
        if (err) return Stream.fail(err);
        const file = fileOf(sessionId);
        return Stream.unwrap(
          Effect.sync(() => {
            const abort = new AbortController();
            const iterable = followLogFile(file, { signal: abort.signal, ...(range.fromSeq !== undefined ? { fromSeq: range.fromSeq } : {}), ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}) });
            return Stream.fromAsyncIterable(iterable, ioError(file, 'following')).pipe(Stream.ensuring(Effect.sync(() => abort.abort())));
          }),
        );
      },
      sync: (sessionId) => checked(sessionId, (file) => Effect.try({ try: () => writers.get(sessionId)?.sync(), catch: ioError(file, 'syncing') })),
      sessions: () =>
        Effect.try({
          try: () =>
            existsSync(options.dir)
              ? readdirSync(options.dir)
                  .filter((f) => f.endsWith('.jsonl'))
                  .map((f) => f.slice(0, -'.jsonl'.length))
                  .sort()
              : [],
          catch: ioError(options.dir, 'listing'),
        }),
      close: () => closeAll,
    });
  });

export const layerJsonlEventLog = (options: JsonlEventLogOptions) => Layer.effect(EventLog, makeJsonlEventLog(options));
