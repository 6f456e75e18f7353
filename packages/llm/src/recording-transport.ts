import { Effect } from 'effect';
import { CASSETTE_VERSION, type Cassette } from './cassette.js';
import { writeCassette } from './effects/cassette-file.js';
import { LlmError } from './llm-error.js';
import type { LlmTransportShape } from './llm-transport.js';
import type { LlmModels } from './llm-types.js';
import { requestHash } from './request-hash.js';
import { scrubResponse } from './scrub-response.js';
import { summariseRequest } from './summarise-request.js';

export interface RecordingOptions {
  readonly file: string;
  readonly models?: LlmModels;
  /** Written into the cassette's `note`: why it exists. */
  readonly note?: string;
}

/**
 * Wraps a real transport and writes every answer it gets to a cassette (a fresh file, rewritten
 * whole and atomically after each answer, so an interrupted run keeps what it recorded).
 * Failures are not recorded: they are properties of the moment, not of the request. Requests
 * and answers hold no API key, and answers and the request digest are secret-scrubbed, so
 * nothing secret is persisted.
 */
export const makeRecordingTransport = (inner: LlmTransportShape, options: RecordingOptions): LlmTransportShape => {
  const cassette: Cassette = {
    engramCassette: CASSETTE_VERSION,
    note: options.note ?? `Recorded by engram from ${inner.provider} (${inner.target}).`,
    ...(options.models === undefined ? {} : { models: { ...options.models } }),
    entries: [],
  };
  let writes: Promise<void> = Promise.resolve();
  return {
    provider: inner.provider,
    target: inner.target,
    send: (request, hooks) =>
      inner.send(request, hooks).pipe(
        Effect.tap((response) =>
          Effect.tryPromise({
            try: () => {
              const summary = summariseRequest(request);
              cassette.entries.push({
                match: { hash: requestHash(request) },
                request: summary, // its excerpt is scrubbed before it is cut (summariseRequest)
                response: scrubResponse(response),
              });
              // Writes are chained so concurrent calls never interleave two renames out of order.
              writes = writes.catch(() => undefined).then(() => writeCassette(options.file, cassette));
              return writes;
            },
            catch: (err) =>
              new LlmError({
                reason: 'unknown',
                message: `could not write cassette ${options.file}: ${err instanceof Error ? err.message : String(err)}`,
              }),
          }),
        ),
      ),
  };
};
