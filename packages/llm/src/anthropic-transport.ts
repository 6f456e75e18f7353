import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { ContentBlock } from '@engram/events';
import { Effect } from 'effect';
import { LlmError } from './llm-error.js';
import type { LlmTransportShape } from './llm-transport.js';
import type { InputBlock, LlmMessage, LlmRequest, LlmResponse } from './llm-types.js';
import { parseRetryAfter } from './parse-retry-after.js';
import { reasonForStatus } from './reason-for-status.js';
import { redact } from './redact.js';

export interface AnthropicTransportConfig {
  readonly apiKey: string;
  /** Defaults to the SDK's (https://api.anthropic.com). */
  readonly baseUrl?: string;
  /** A backstop for the SDK's own timer; the `Llm` service enforces the per-call timeout. */
  readonly timeoutMs?: number;
}

type SdkMessageParam = Anthropic.MessageParam;
type SdkParams = Anthropic.MessageCreateParamsNonStreaming;

/** The SDK's own default, used when no timeout is given. */
const SDK_DEFAULT_TIMEOUT_MS = 600_000;

const toSdkBlock = (b: InputBlock): Anthropic.ContentBlockParam => {
  switch (b.type) {
    case 'text':
      return { type: 'text', text: b.text };
    case 'tool_use':
      return { type: 'tool_use', id: b.id, name: b.name, input: b.input };
    case 'tool_result':
      return {
        type: 'tool_result',
        tool_use_id: b.tool_use_id,
        content: b.content,
        ...(b.is_error === undefined ? {} : { is_error: b.is_error }),
      };
  }
};

const toSdkMessage = (m: LlmMessage): SdkMessageParam => ({
  role: m.role,
  content: typeof m.content === 'string' ? m.content : m.content.map(toSdkBlock),
});

/** The Messages API body for a neutral request. */
const toAnthropicParams = (r: LlmRequest): SdkParams => ({
  model: r.model,
  max_tokens: r.maxTokens,
  messages: r.messages.map(toSdkMessage),
  ...(r.system === '' ? {} : { system: r.system }),
  ...(r.tools.length === 0
    ? {}
    : {
        tools: r.tools.map((t) => ({
          name: t.name,
          description: t.description,
          input_schema: { type: 'object' as const, ...t.inputSchema },
        })),
        tool_choice:
          r.toolChoice.type === 'tool'
            ? {
                type: 'tool',
                name: r.toolChoice.name,
                disable_parallel_tool_use: true,
              }
            : { type: 'auto' },
      }),
});

/** Keeps text and tool_use blocks (what replay needs); thinking and server-tool blocks are dropped. */
const fromAnthropicMessage = (m: Anthropic.Message, fallbackModel: string): LlmResponse => {
  const content: ContentBlock[] = [];
  for (const b of m.content) {
    if (b.type === 'text') content.push({ type: 'text', text: b.text });
    else if (b.type === 'tool_use')
      content.push({
        type: 'tool_use',
        id: b.id,
        name: b.name,
        input: b.input,
      });
  }
  const u = m.usage;
  return {
    model: m.model || fallbackModel,
    content,
    stopReason: m.stop_reason ?? null,
    usage: {
      inputTokens: u.input_tokens + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0),
      outputTokens: u.output_tokens,
    },
  };
};

/** Socket-level codes Node reports when a connection breaks. */
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * undici reports a connection dropped mid-stream as a TypeError ("terminated"), which the SDK's
 * stream helper may re-wrap as a plain Error; the name, message or cause code still tell.
 */
const isDroppedConnection = (err: unknown): boolean => {
  if (!(err instanceof Error)) return false;
  const code = (err.cause as { code?: unknown } | undefined)?.code;
  return err.name === 'TypeError' || err.message === 'terminated' || (typeof code === 'string' && NETWORK_CODES.has(code));
};

const toLlmError = (err: unknown, secrets: readonly string[]): LlmError => {
  const message = (text: string) => redact(`anthropic: ${text}`, secrets);
  if (err instanceof APIConnectionTimeoutError) return new LlmError({ reason: 'timeout', message: message(err.message) });
  if (err instanceof APIUserAbortError)
    return new LlmError({
      reason: 'timeout',
      message: message('request aborted'),
    });
  if (err instanceof APIConnectionError) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return new LlmError({
      reason: 'network',
      message: message(`${err.message}${cause}`),
    });
  }
  if (err instanceof APIError) {
    const status: number | undefined = (err as APIError<number | undefined, Headers | undefined>).status;
    const headers: Headers | undefined = (err as APIError<number | undefined, Headers | undefined>).headers;
    if (status === undefined) return new LlmError({ reason: 'unknown', message: message(err.message) });
    const retryAfterMs = headers === undefined ? undefined : parseRetryAfter((n) => headers.get(n), Date.now());
    return new LlmError({
      reason: reasonForStatus(status),
      message: message(err.message),
      status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  if (isDroppedConnection(err))
    return new LlmError({
      reason: 'network',
      message: message(`connection lost: ${(err as Error).message}`),
    });
  return new LlmError({
    reason: 'unknown',
    message: message(err instanceof Error ? err.message : String(err)),
  });
};

/**
 * Anthropic through the official SDK. The SDK's own retries are off (`maxRetries: 0`): the `Llm`
 * service owns the retry policy so every provider behaves alike and attempts are counted.
 */
export const makeAnthropicTransport = (config: AnthropicTransportConfig): LlmTransportShape => {
  const client = new Anthropic({
    apiKey: config.apiKey,
    maxRetries: 0,
    timeout: config.timeoutMs ?? SDK_DEFAULT_TIMEOUT_MS,
    ...(config.baseUrl === undefined ? {} : { baseURL: config.baseUrl }),
  });
  const secrets = [config.apiKey];
  return {
    provider: 'anthropic',
    target: config.baseUrl ?? client.baseURL,
    send: (request, hooks) =>
      Effect.tryPromise({
        try: async (signal) => {
          const params = toAnthropicParams(request);
          const onText = hooks.onText;
          if (onText === undefined) return fromAnthropicMessage(await client.messages.create(params, { signal }), request.model);
          const stream = client.messages.stream(params, { signal });
          stream.on('text', (delta) => onText(delta));
          return fromAnthropicMessage(await stream.finalMessage(), request.model);
        },
        catch: (err) => toLlmError(err, secrets),
      }),
  };
};
