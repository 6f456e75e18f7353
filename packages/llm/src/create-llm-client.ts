import { Cause, Effect, Exit } from 'effect';
import { Observable } from 'rxjs';
import type { z } from 'zod';
import { LlmConfigError } from './llm-config-error.js';
import { makeLlm, type CompleteRequest, type GenerateObjectOptions, type LlmSettings } from './llm.js';
import type { LlmModels, LlmResponse } from './llm-types.js';
import { makeTransport } from './make-transport.js';
import type { ProviderConfig } from './provider-config.js';

/** Model used for a role nobody named, on a scripted provider whose cassette names none. */
const SCRIPTED_MODEL = 'scripted';

export interface LlmClientOptions extends Omit<LlmSettings, 'models'> {
  readonly provider: ProviderConfig;
  /** Required for anthropic/openai (see `resolveLlmConfig`); a cassette's models fill the gaps. */
  readonly models?: Partial<LlmModels>;
  /** Record every answer to this cassette file (wraps a real provider). */
  readonly record?: string;
}

/** What `stream()` emits: text as it arrives, then the whole response once. */
export type LlmStreamEvent =
  { readonly type: 'text'; readonly text: string } | { readonly type: 'response'; readonly response: LlmResponse };

/** Cancels a call (the HTTP request is aborted; `llm.call.failed` records the cancellation). */
export interface CallControl {
  readonly signal?: AbortSignal;
}

/** A `complete` call that streams: `onText` gets the answer's text as it arrives (the provider is asked to stream). */
export interface StreamControl extends CallControl {
  readonly onText?: (delta: string) => void;
}

/** The port without Effect: Promises and Observables. Failures reject with `LlmError`. */
export interface LlmClient {
  readonly provider: string;
  readonly target: string;
  readonly models: LlmModels;
  generateObject<S extends z.ZodType>(schema: S, options: GenerateObjectOptions & CallControl): Promise<z.output<S>>;
  complete(request: CompleteRequest & StreamControl): Promise<LlmResponse>;
  /** Cold: each subscription makes one call; unsubscribing aborts it. */
  stream(request: CompleteRequest): Observable<LlmStreamEvent>;
}

const unwrap = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isSuccess(exit)) return exit.value;
  throw Cause.squash(exit.cause);
};

/**
 * Builds a client for hosts that do not use Effect. Rejects with `LlmConfigError` when the
 * provider cannot be set up (unreadable cassette, openai without models).
 */
export const createLlmClient = async (options: LlmClientOptions): Promise<LlmClient> => {
  const { provider, record, models: given, ...settings } = options;
  const made = await makeTransport(provider, {
    ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
    ...(record === undefined
      ? {}
      : {
          record: { file: record, ...(isFull(given) ? { models: given } : {}) },
        }),
  });
  const fallback = made.cassette?.models;
  const planning = given?.planning ?? fallback?.planning ?? (provider.type === 'scripted' ? SCRIPTED_MODEL : undefined);
  const coding = given?.coding ?? fallback?.coding ?? (provider.type === 'scripted' ? SCRIPTED_MODEL : undefined);
  if (planning === undefined || coding === undefined)
    throw new LlmConfigError({ reason: 'missing-model', message: `the ${provider.type} provider needs a planning and a coding model` });
  const llm = makeLlm(made.transport, {
    ...settings,
    models: { planning, coding },
  });
  const run = async <A>(effect: Effect.Effect<A, unknown>, signal: AbortSignal | undefined): Promise<A> =>
    unwrap(await Effect.runPromiseExit(effect, signal === undefined ? undefined : { signal }));
  return {
    provider: llm.provider,
    target: llm.target,
    models: llm.models,
    generateObject: (schema, { signal, ...rest }) => run(llm.generateObject(schema, rest), signal),
    complete: ({ signal, onText, ...rest }) => run(llm.complete(rest, onText === undefined ? {} : { onText }), signal),
    stream: (request) =>
      new Observable<LlmStreamEvent>((subscriber) => {
        const controller = new AbortController();
        const call = llm.complete(request, {
          onText: (text) => subscriber.next({ type: 'text', text }),
        });
        void Effect.runPromiseExit(call, { signal: controller.signal }).then((exit) => {
          if (controller.signal.aborted) return;
          if (Exit.isSuccess(exit)) {
            subscriber.next({ type: 'response', response: exit.value });
            subscriber.complete();
          } else subscriber.error(Cause.squash(exit.cause));
        });
        return () => controller.abort();
      }),
  };
};

const isFull = (m: Partial<LlmModels> | undefined): m is LlmModels => m?.planning !== undefined && m.coding !== undefined;
