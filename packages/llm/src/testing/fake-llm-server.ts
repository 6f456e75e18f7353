import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Anthropic Messages API (`POST /v1/messages`) and the OpenAI
 * chat-completions API (`POST /v1/chat/completions`) on 127.0.0.1, streaming and not. Tests
 * script its replies in a provider-neutral way, so one table of cases runs against both APIs
 * through the real SDK and the real fetch. It accepts the key as `x-api-key` or
 * `Authorization: Bearer`.
 */

export type FakeReply =
  /** A tool call; the name defaults to the forced tool's. A string `input` is sent as raw arguments (OpenAI) */
  | {
      readonly kind: 'tool';
      readonly name?: string;
      readonly input: unknown;
      readonly stopReason?: string;
      readonly outputTokens?: number;
      readonly text?: string;
    }
  | {
      readonly kind: 'text';
      readonly text: string;
      readonly stopReason?: string;
      readonly outputTokens?: number;
    }
  | {
      readonly kind: 'status';
      readonly status: number;
      readonly headers?: Readonly<Record<string, string>>;
      readonly message?: string;
    }
  /** Never answers (the client's timeout must fire). */
  | { readonly kind: 'hang' }
  /** Streams the first half of `text`, then drops the connection (a non-streaming request is dropped at once). */
  | { readonly kind: 'cut'; readonly text: string };

export interface ReceivedRequest {
  readonly api: 'anthropic' | 'openai';
  readonly headers: IncomingMessage['headers'];
  readonly body: Record<string, unknown>;
}

export interface FakeLlmServer {
  /** `http://127.0.0.1:PORT`: the Anthropic base URL. */
  readonly url: string;
  /** `http://127.0.0.1:PORT/v1`: the OpenAI-compatible base URL. */
  readonly openAiUrl: string;
  readonly requests: ReceivedRequest[];
  /** Replies in order, one per request; when none is left the server answers 400. */
  enqueue(...replies: FakeReply[]): void;
  /** Replies computed from the request, used when the queue is empty. */
  setFallback(reply: ((req: ReceivedRequest) => FakeReply) | undefined): void;
  /** Forgets scripted replies, the fallback and the received requests (between tests). */
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_KEY = 'sk-fake-local-0123456789';

const STREAM_CHUNK_CHARS = 4;

const chunks = (text: string): string[] => {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += STREAM_CHUNK_CHARS) out.push(text.slice(i, i + STREAM_CHUNK_CHARS));
  return out;
};

const tokens = (text: string): number => Math.max(1, Math.ceil(text.length / 4));

const forcedToolName = (api: ReceivedRequest['api'], body: Record<string, unknown>): string => {
  const choice = body['tool_choice'] as { name?: string; function?: { name?: string } } | undefined;
  if (api === 'anthropic') return choice?.name ?? 'tool';
  const format = body['response_format'] as { json_schema?: { name?: string } } | undefined;
  return choice?.function?.name ?? format?.json_schema?.name ?? 'tool';
};

const sse = (res: ServerResponse, events: readonly (readonly [string | undefined, unknown])[]): void => {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
  });
  for (const [event, data] of events)
    res.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  res.end();
};

const json = (res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

let seq = 0;

const answerAnthropic = (
  res: ServerResponse,
  body: Record<string, unknown>,
  reply: Extract<FakeReply, { kind: 'tool' | 'text' }>,
): void => {
  const model = String(body['model']);
  const inputTokens = tokens(JSON.stringify(body['messages']));
  const id = `toolu_${++seq}`;
  const text = reply.kind === 'text' ? reply.text : (reply.text ?? '');
  const toolName = reply.kind === 'tool' ? (reply.name ?? forcedToolName('anthropic', body)) : '';
  const toolJson = reply.kind === 'tool' ? (typeof reply.input === 'string' ? reply.input : JSON.stringify(reply.input)) : '';
  const stopReason = reply.stopReason ?? (reply.kind === 'tool' ? 'tool_use' : 'end_turn');
  const outputTokens = reply.outputTokens ?? tokens(text + toolJson);
  if (body['stream'] !== true) {
    const content: unknown[] = [];
    if (text !== '') content.push({ type: 'text', text });
    if (reply.kind === 'tool')
      content.push({
        type: 'tool_use',
        id,
        name: toolName,
        input: typeof reply.input === 'string' ? { raw: reply.input } : reply.input,
      });
    json(res, 200, {
      id: `msg_${seq}`,
      type: 'message',
      role: 'assistant',
      model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: outputTokens },
    });
    return;
  }
  const events: [string, unknown][] = [
    [
      'message_start',
      {
        type: 'message_start',
        message: {
          id: `msg_${seq}`,
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: inputTokens, output_tokens: 1 },
        },
      },
    ],
  ];
  let index = 0;
  if (text !== '') {
    events.push([
      'content_block_start',
      {
        type: 'content_block_start',
        index,
        content_block: { type: 'text', text: '' },
      },
    ]);
    for (const c of chunks(text))
      events.push([
        'content_block_delta',
        {
          type: 'content_block_delta',
          index,
          delta: { type: 'text_delta', text: c },
        },
      ]);
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
    index += 1;
  }
  if (reply.kind === 'tool') {
    events.push([
      'content_block_start',
      {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id, name: toolName, input: {} },
      },
    ]);
    for (const c of chunks(toolJson))
      events.push([
        'content_block_delta',
        {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: c },
        },
      ]);
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
  }
  events.push([
    'message_delta',
    {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: outputTokens },
    },
  ]);
  events.push(['message_stop', { type: 'message_stop' }]);
  sse(res, events);
};

const OPENAI_FINISH: Readonly<Record<string, string>> = {
  tool_use: 'tool_calls',
  end_turn: 'stop',
  max_tokens: 'length',
};

const answerOpenAi = (res: ServerResponse, body: Record<string, unknown>, reply: Extract<FakeReply, { kind: 'tool' | 'text' }>): void => {
  const model = String(body['model']);
  const promptTokens = tokens(JSON.stringify(body['messages']));
  const jsonMode = body['response_format'] !== undefined;
  const args = reply.kind === 'tool' ? (typeof reply.input === 'string' ? reply.input : JSON.stringify(reply.input)) : '';
  let text = reply.kind === 'text' ? reply.text : (reply.text ?? '');
  if (jsonMode && reply.kind === 'tool') text = args;
  const call =
    reply.kind === 'tool' && !jsonMode
      ? {
          id: `call_${++seq}`,
          type: 'function',
          function: {
            name: reply.name ?? forcedToolName('openai', body),
            arguments: args,
          },
        }
      : undefined;
  const stop = reply.stopReason ?? (call !== undefined ? 'tool_use' : 'end_turn');
  const finish = OPENAI_FINISH[stop] ?? stop;
  const completionTokens = reply.outputTokens ?? tokens(text + args);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  if (body['stream'] !== true) {
    json(res, 200, {
      id: `chatcmpl-${seq}`,
      object: 'chat.completion',
      created: 0,
      model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: text === '' ? null : text,
            ...(call === undefined ? {} : { tool_calls: [call] }),
          },
          finish_reason: finish,
        },
      ],
      usage,
    });
    return;
  }
  const base = {
    id: `chatcmpl-${seq}`,
    object: 'chat.completion.chunk',
    created: 0,
    model,
  };
  const events: [undefined, unknown][] = [
    [
      undefined,
      {
        ...base,
        choices: [
          {
            index: 0,
            delta: { role: 'assistant', content: '' },
            finish_reason: null,
          },
        ],
      },
    ],
  ];
  for (const c of chunks(text))
    events.push([
      undefined,
      {
        ...base,
        choices: [{ index: 0, delta: { content: c }, finish_reason: null }],
      },
    ]);
  if (call !== undefined) {
    events.push([
      undefined,
      {
        ...base,
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [
                {
                  index: 0,
                  id: call.id,
                  type: 'function',
                  function: { name: call.function.name, arguments: '' },
                },
              ],
            },
            finish_reason: null,
          },
        ],
      },
    ]);
    for (const c of chunks(args))
      events.push([
        undefined,
        {
          ...base,
          choices: [
            {
              index: 0,
              delta: { tool_calls: [{ index: 0, function: { arguments: c } }] },
              finish_reason: null,
            },
          ],
        },
      ]);
  }
  events.push([undefined, { ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] }]);
  events.push([undefined, { ...base, choices: [], usage }]);
  events.push([undefined, '[DONE]']);
  sse(res, events);
};

/** Half an answer, then a reset connection: what a proxy restart looks like mid-stream. */
const cut = (res: ServerResponse, api: ReceivedRequest['api'], body: Record<string, unknown>, text: string): void => {
  if (body['stream'] !== true) {
    res.socket?.destroy();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const half = text.slice(0, Math.ceil(text.length / 2));
  const model = String(body['model']);
  const frames =
    api === 'anthropic'
      ? [
          `event: message_start\ndata: ${JSON.stringify({ type: 'message_start', message: { id: 'msg_cut', type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } })}\n\n`,
          `event: content_block_start\ndata: ${JSON.stringify({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } })}\n\n`,
          ...chunks(half).map(
            (c) =>
              `event: content_block_delta\ndata: ${JSON.stringify({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: c } })}\n\n`,
          ),
        ]
      : chunks(half).map(
          (c) =>
            `data: ${JSON.stringify({ id: 'cut', object: 'chat.completion.chunk', model, choices: [{ index: 0, delta: { content: c }, finish_reason: null }] })}\n\n`,
        );
  for (const f of frames) res.write(f);
  // Let the frames reach the client before the reset.
  setTimeout(() => res.socket?.destroy(), 20);
};

const readBody = async (req: IncomingMessage): Promise<string> => {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
};

/**
 * `models`: what `GET /v1/models` lists (an OpenAI-compatible server's model list); without it
 * that route is a 404, as on a server that has none.
 */
export const startFakeLlmServer = async (options: { readonly key?: string; readonly models?: readonly string[] } = {}): Promise<FakeLlmServer> => {
  const key = options.key ?? FAKE_KEY;
  const queue: FakeReply[] = [];
  const requests: ReceivedRequest[] = [];
  let fallback: ((req: ReceivedRequest) => FakeReply) | undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/v1/models' && options.models !== undefined) {
      const bearer = req.headers.authorization?.replace(/^Bearer\s+/i, '');
      if (bearer !== key) return json(res, 401, { error: { type: 'authentication_error', message: 'invalid key' } });
      return json(res, 200, { object: 'list', data: options.models.map((id) => ({ id, object: 'model', owned_by: 'fake' })) });
    }
    const api = path === '/v1/messages' ? 'anthropic' : path === '/v1/chat/completions' ? 'openai' : undefined;
    if (req.method !== 'POST' || api === undefined)
      return json(res, 404, {
        error: {
          type: 'not_found_error',
          message: `no route ${req.method} ${path}`,
        },
      });
    const text = await readBody(req);
    const body = JSON.parse(text) as Record<string, unknown>;
    const received: ReceivedRequest = { api, headers: req.headers, body };
    requests.push(received);
    const bearer = req.headers.authorization?.replace(/^Bearer\s+/i, '');
    if (req.headers['x-api-key'] !== key && bearer !== key) {
      return json(res, 401, {
        type: 'error',
        error: { type: 'authentication_error', message: 'invalid x-api-key' },
      });
    }
    const reply = queue.shift() ??
      fallback?.(received) ?? {
        kind: 'status',
        status: 400,
        message: 'fake server: no reply scripted for this request',
      };
    switch (reply.kind) {
      case 'hang':
        return;
      case 'cut':
        return cut(res, api, body, reply.text);
      case 'status':
        return json(
          res,
          reply.status,
          api === 'anthropic'
            ? {
                type: 'error',
                error: {
                  type: reply.status === 429 ? 'rate_limit_error' : 'api_error',
                  message: reply.message ?? `status ${reply.status}`,
                },
              }
            : {
                error: {
                  type: 'error',
                  message: reply.message ?? `status ${reply.status}`,
                },
              },
          reply.headers,
        );
      case 'tool':
      case 'text':
        return api === 'anthropic' ? answerAnthropic(res, body, reply) : answerOpenAi(res, body, reply);
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: { message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openAiUrl: `${url}/v1`,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    setFallback: (f) => {
      fallback = f;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fallback = undefined;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
};
