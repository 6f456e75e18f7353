// Loaded on demand (dynamic `import()` in engram-session.ts): it pulls in the LLM package and Effect,
// which a session without a model and every hook process must not load (tests/runtime-lazy).
import type { EventSink } from '@engram/kernel';
import { createLlmClient, makeLlm, type LlmClient, type LlmClientOptions, type LlmModels, type LlmTransportShape } from '@engram/llm';
import { Cause, Effect, Exit } from 'effect';

/**
 * Where a session's model comes from: provider settings (Anthropic, OpenAI-compatible, a
 * cassette; see `resolveLlmConfig`), or any transport (the offline demo's scripted policy). Either
 * way every call goes through the LLM port and is recorded as `llm.call.*` on the session's bus.
 */
export type LlmSource =
  | { readonly options: Omit<LlmClientOptions, 'sink'> }
  | { readonly transport: LlmTransportShape; readonly models: LlmModels };

export type SessionLlm = Pick<LlmClient, 'complete' | 'generateObject' | 'provider' | 'models'>;

const run = async <A>(effect: Effect.Effect<A, unknown>, signal?: AbortSignal): Promise<A> => {
  const exit = await Effect.runPromiseExit(effect, signal ? { signal } : undefined);
  if (Exit.isSuccess(exit)) return exit.value;
  throw Cause.squash(exit.cause);
};

export const openSessionLlm = async (source: LlmSource, sink: EventSink): Promise<SessionLlm> => {
  if ('options' in source) return createLlmClient({ ...source.options, sink });
  const llm = makeLlm(source.transport, { models: source.models, sink });
  return {
    provider: llm.provider,
    models: llm.models,
    complete: ({ signal, onText, ...request }) => run(llm.complete(request, onText === undefined ? {} : { onText }), signal),
    generateObject: (schema, { signal, ...options }) => run(llm.generateObject(schema, options), signal),
  };
};
