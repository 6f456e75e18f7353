import type { ContentBlock } from '@engram/events';
import { Effect } from 'effect';
import { z } from 'zod';
import { LlmError } from './llm-error.js';
import type { LlmTransportShape, SendHooks } from './llm-transport.js';
import type { LlmMessage, LlmRequest, LlmResponse } from './llm-types.js';
import { parseRetryAfter } from './parse-retry-after.js';
import { readSse } from './read-sse.js';
import { reasonForStatus } from './reason-for-status.js';
import { redact } from './redact.js';

/**
 * How `generateObject` asks for structure: `tool` forces a function call (works on OpenAI,
 * vLLM, llama.cpp with --jinja, Ollama); `json_schema` uses `response_format` for servers whose
 * tool calling is weak but which support constrained JSON output.
 */
export type OpenAiStructuredMode = 'tool' | 'json_schema';

export interface OpenAiTransportConfig {
  /** E.g. `http://127.0.0.1:8080/v1`; `/chat/completions` is appended. */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer`; many local servers need none. */
  readonly apiKey?: string;
  readonly structuredMode?: OpenAiStructuredMode;
  /** Injected for tests; defaults to Node's global fetch. */
  readonly fetch?: typeof fetch;
}

/** Longest error body read back from a failed response. */
const MAX_ERROR_BODY_CHARS = 2000;

type OpenAiMessage = Record<string, unknown>;

const STOP_REASONS: Readonly<Record<string, string>> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  content_filter: 'refusal',
};
const normaliseStop = (r: string | null | undefined): string | null => (r == null ? null : (STOP_REASONS[r] ?? r));

const argumentsOf = (input: unknown): string => (typeof input === 'string' ? input : JSON.stringify(input ?? {}));

/** Parsed tool arguments, or the raw text when it is not JSON (validation then reports it). */
const parseArguments = (raw: string): unknown => {
  try {
    return JSON.parse(raw === '' ? '{}' : raw) as unknown;
  } catch {
    return raw;
  }
};

/** One neutral message as chat-completions messages (tool results become `tool` messages). */
const toOpenAiMessages = (m: LlmMessage, jsonMode: boolean): OpenAiMessage[] => {
  if (typeof m.content === 'string') return [{ role: m.role, content: m.content }];
  const text: string[] = [];
  const toolCalls: Record<string, unknown>[] = [];
  const results: OpenAiMessage[] = [];
  for (const b of m.content) {
    if (b.type === 'text') text.push(b.text);
    else if (b.type === 'tool_use') {
      if (jsonMode) text.push(argumentsOf(b.input));
      else
        toolCalls.push({
          id: b.id,
          type: 'function',
          function: { name: b.name, arguments: argumentsOf(b.input) },
        });
    } else if (jsonMode) text.push(b.content);
    else
      results.push({
        role: 'tool',
        tool_call_id: b.tool_use_id,
        content: b.content,
      });
  }
  if (m.role === 'assistant') {
    return [
      {
        role: 'assistant',
        content: text.length > 0 ? text.join('\n') : null,
        ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      },
    ];
  }
  return [...results, ...(text.length > 0 ? [{ role: 'user', content: text.join('\n') }] : [])];
};

/** The chat-completions body for a neutral request. */
const toOpenAiBody = (r: LlmRequest, mode: OpenAiStructuredMode, stream: boolean): Record<string, unknown> => {
  const jsonMode = mode === 'json_schema' && r.structured && r.toolChoice.type === 'tool';
  const forced = r.toolChoice.type === 'tool' ? r.tools.find((t) => t.name === (r.toolChoice as { name: string }).name) : undefined;
  const messages = [
    ...(r.system === '' ? [] : [{ role: 'system', content: r.system }]),
    ...r.messages.flatMap((m) => toOpenAiMessages(m, jsonMode)),
  ];
  const body: Record<string, unknown> = {
    model: r.model,
    messages,
    max_tokens: r.maxTokens,
  };
  if (jsonMode && forced !== undefined) {
    body['response_format'] = {
      type: 'json_schema',
      json_schema: { name: forced.name, schema: forced.inputSchema },
    };
  } else if (r.tools.length > 0) {
    body['tools'] = r.tools.map((t) => ({
      type: 'function',
      function: {
        name: t.name,
        description: t.description,
        parameters: t.inputSchema,
      },
    }));
    body['tool_choice'] = r.toolChoice.type === 'tool' ? { type: 'function', function: { name: r.toolChoice.name } } : 'auto';
  }
  if (stream) {
    body['stream'] = true;
    body['stream_options'] = { include_usage: true };
  }
  return body;
};

const UsageSchema = z
  .object({
    prompt_tokens: z.number().optional(),
    completion_tokens: z.number().optional(),
  })
  .nullish();
const ToolCallSchema = z.object({
  id: z.string().optional(),
  function: z.object({ name: z.string().optional(), arguments: z.string().optional() }).optional(),
});
const CompletionSchema = z.object({
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z.array(ToolCallSchema).nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: UsageSchema,
});
const ChunkSchema = z.object({
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        delta: z
          .object({
            content: z.string().nullish(),
            tool_calls: z
              .array(
                ToolCallSchema.extend({
                  index: z.number().int().nonnegative(),
                }),
              )
              .nullish(),
          })
          .nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .optional(),
  usage: UsageSchema,
});

interface Draft {
  model: string;
  text: string;
  calls: { id: string; name: string; args: string }[];
  finish: string | null | undefined;
  usage: z.infer<typeof UsageSchema>;
}

/** Neutral response from what the server said; json_schema answers become the forced tool's call. */
const toResponse = (d: Draft, r: LlmRequest, jsonMode: boolean): LlmResponse => {
  const content: ContentBlock[] = [];
  if (jsonMode && r.toolChoice.type === 'tool') {
    content.push({
      type: 'tool_use',
      id: 'json_schema',
      name: r.toolChoice.name,
      input: parseArguments(d.text),
    });
  } else if (d.text !== '') {
    content.push({ type: 'text', text: d.text });
  }
  d.calls.forEach((c, i) =>
    content.push({
      type: 'tool_use',
      id: c.id === '' ? `call_${i}` : c.id,
      name: c.name,
      input: parseArguments(c.args),
    }),
  );
  return {
    model: d.model,
    content,
    // A json_schema answer is the forced call: report it as one, as Anthropic would.
    stopReason: jsonMode && d.finish === 'stop' ? 'tool_use' : normaliseStop(d.finish),
    usage: {
      inputTokens: d.usage?.prompt_tokens ?? 0,
      outputTokens: d.usage?.completion_tokens ?? 0,
    },
  };
};

const readStream = async (res: Response, r: LlmRequest, hooks: SendHooks, fail: (m: string) => LlmError): Promise<Draft> => {
  const d: Draft = {
    model: r.model,
    text: '',
    calls: [],
    finish: undefined,
    usage: undefined,
  };
  if (res.body === null) throw fail('empty streaming body');
  for await (const data of readSse(res.body)) {
    if (data.trim() === '[DONE]') break;
    const chunk = ChunkSchema.safeParse(parseArguments(data));
    if (!chunk.success) throw fail(`unexpected stream chunk: ${z.prettifyError(chunk.error)}`);
    if (chunk.data.model !== undefined) d.model = chunk.data.model;
    if (chunk.data.usage != null) d.usage = chunk.data.usage;
    const choice = chunk.data.choices?.[0];
    if (choice === undefined) continue;
    if (choice.finish_reason != null) d.finish = choice.finish_reason;
    const content = choice.delta?.content;
    if (content != null && content !== '') {
      d.text += content;
      hooks.onText?.(content);
    }
    for (const tc of choice.delta?.tool_calls ?? []) {
      const call = (d.calls[tc.index] ??= { id: '', name: '', args: '' });
      if (tc.id !== undefined) call.id = tc.id;
      if (tc.function?.name !== undefined) call.name += tc.function.name;
      if (tc.function?.arguments !== undefined) call.args += tc.function.arguments;
    }
  }
  return d;
};

/** Any server speaking OpenAI chat completions (OpenAI, llama.cpp, Ollama, vLLM, LM Studio ...). */
export const makeOpenAiTransport = (config: OpenAiTransportConfig): LlmTransportShape => {
  const doFetch = config.fetch ?? fetch;
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const mode = config.structuredMode ?? 'tool';
  const secrets = config.apiKey === undefined ? [] : [config.apiKey];
  const message = (text: string) => redact(`openai: ${text}`, secrets);
  const fail = (reason: LlmError['reason']) => (text: string) => new LlmError({ reason, message: message(text) });

  const attempt = async (r: LlmRequest, hooks: SendHooks, signal: AbortSignal): Promise<LlmResponse> => {
    const stream = hooks.onText !== undefined;
    const jsonMode = mode === 'json_schema' && r.structured && r.toolChoice.type === 'tool';
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'POST',
        signal,
        headers: {
          'content-type': 'application/json',
          accept: stream ? 'text/event-stream' : 'application/json',
          ...(config.apiKey === undefined ? {} : { authorization: `Bearer ${config.apiKey}` }),
        },
        body: JSON.stringify(toOpenAiBody(r, mode, stream)),
      });
    } catch (err) {
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      throw fail('network')(`${err instanceof Error ? err.message : String(err)}${cause} (${url})`);
    }
    if (!res.ok) {
      // Redacted before it is cut: a cut could leave part of a key where no rule recognises it.
      const text = redact(await res.text().catch(() => ''), secrets, MAX_ERROR_BODY_CHARS);
      const detail = (() => {
        const parsed = z.object({ error: z.object({ message: z.string() }) }).safeParse(parseArguments(text));
        return parsed.success ? parsed.data.error.message : text;
      })();
      const retryAfterMs = parseRetryAfter((n) => res.headers.get(n), Date.now());
      throw new LlmError({
        reason: reasonForStatus(res.status),
        message: message(`${res.status} ${detail}`.trim()),
        status: res.status,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    if (stream) return toResponse(await readStream(res, r, hooks, fail('unknown')), r, jsonMode);
    const parsed = CompletionSchema.safeParse(parseArguments(await res.text()));
    if (!parsed.success) throw fail('unknown')(`unexpected response shape: ${z.prettifyError(parsed.error)}`);
    const choice = parsed.data.choices[0];
    const calls = (choice?.message.tool_calls ?? []).map((c) => ({
      id: c.id ?? '',
      name: c.function?.name ?? '',
      args: c.function?.arguments ?? '',
    }));
    const draft: Draft = {
      model: parsed.data.model ?? r.model,
      text: choice?.message.content ?? '',
      calls,
      finish: choice?.finish_reason,
      usage: parsed.data.usage,
    };
    return toResponse(draft, r, jsonMode);
  };

  return {
    provider: 'openai',
    target: config.baseUrl,
    send: (request, hooks) =>
      Effect.tryPromise({
        try: (signal) => attempt(request, hooks, signal),
        catch: (err) =>
          err instanceof LlmError
            ? err
            : new LlmError({
                reason: 'network',
                message: message(`connection lost: ${err instanceof Error ? err.message : String(err)}`),
              }),
      }),
  };
};
