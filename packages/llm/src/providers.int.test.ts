import { isLlmError, LlmError, zodTool } from './index.js';
import { lastValueFrom, toArray, type Observable } from 'rxjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FAKE_KEY, startFakeLlmServer, type FakeLlmServer } from './testing/fake-llm-server.js';
import { llmFailureOf } from './testing/llm-failure-of.js';
import { providerFor, testClient, type ProviderKind } from './testing/test-llm-client.js';

/** A post-mortem-like schema: an enum, a number, a nested list and an optional field. */
const Verdict = z.object({
  verdict: z.enum(['fix', 'skip']),
  confidence: z.number().min(0).max(1),
  steps: z.array(z.object({ action: z.string() })),
  note: z.string().optional(),
});
const GOOD = {
  verdict: 'fix',
  confidence: 0.8,
  steps: [{ action: 'retry with utf-8' }],
} as const;
const ASK = {
  system: 'You review failed cells.',
  messages: [
    {
      role: 'user' as const,
      content: 'The cell failed with UnicodeDecodeError.',
    },
  ],
  role: 'coding' as const,
  purpose: 'cerebellum',
  name: 'Verdict',
};

/** Everything an Observable emitted, and how it ended. */
const collect = <T>(o: Observable<T>): Promise<{ events: T[]; error: unknown }> =>
  new Promise((resolve) => {
    const events: T[] = [];
    o.subscribe({
      next: (e) => events.push(e),
      error: (error: unknown) => resolve({ events, error }),
      complete: () => resolve({ events, error: undefined }),
    });
  });

/** Waits (on the event loop, not a timer race) until `check` holds. */
const until = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
});

describe.each<ProviderKind>(['anthropic', 'openai', 'openai-json'])('%s through the real client against 127.0.0.1', (kind) => {
  const api = kind === 'anthropic' ? 'anthropic' : 'openai';

  it('parses a forced tool call into a typed value and records the call', async () => {
    const { client, events } = await testClient(providerFor(kind, server));
    server.enqueue({ kind: 'tool', input: GOOD });
    const value: z.output<typeof Verdict> = await client.generateObject(Verdict, ASK);
    expect(value).toEqual(GOOD);

    const [req] = server.requests;
    expect(req?.api).toBe(api);
    expect(req?.body['model']).toBe('claude-haiku-5-5');
    expect(req?.body['max_tokens']).toBe(2048);
    if (kind === 'anthropic') {
      expect(req?.body['tool_choice']).toEqual({
        type: 'tool',
        name: 'Verdict',
        disable_parallel_tool_use: true,
      });
      const tool = (
        req?.body['tools'] as {
          name: string;
          input_schema: Record<string, unknown>;
        }[]
      )[0];
      expect(tool?.name).toBe('Verdict');
      expect(tool?.input_schema).not.toHaveProperty('$schema');
      expect(tool?.input_schema['required']).toEqual(['verdict', 'confidence', 'steps']);
      expect(req?.body['system']).toContain('Call the Verdict tool immediately');
    } else if (kind === 'openai') {
      expect(req?.body['tool_choice']).toEqual({
        type: 'function',
        function: { name: 'Verdict' },
      });
      expect(req?.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
    } else {
      expect(req?.body).not.toHaveProperty('tools');
      expect(req?.body['response_format']).toMatchObject({
        type: 'json_schema',
        json_schema: { name: 'Verdict' },
      });
    }

    expect(events).toHaveLength(1);
    const e = events[0];
    expect(e?.type).toBe('llm.call.completed');
    expect(e?.data).toMatchObject({
      callId: 'call-1',
      provider: api,
      model: 'claude-haiku-5-5',
      role: 'coding',
      purpose: 'cerebellum',
      attempts: 1,
      stopReason: 'tool_use',
    });
    expect(e?.data['inputTokens']).toBeGreaterThan(0);
    expect(e?.data['outputTokens']).toBeGreaterThan(0);
    expect(e?.data['costUsd']).toBeGreaterThan(0);
    expect(
      (
        e?.data['response'] as {
          content: { type: string; input?: unknown }[];
        }
      ).content.find((b) => b.type === 'tool_use')?.input,
    ).toEqual(GOOD);
  });

  it('waits as a 429 asks (retry-after) and then succeeds', async () => {
    const { client, events, delays } = await testClient(providerFor(kind, server));
    server.enqueue(
      {
        kind: 'status',
        status: 429,
        headers: { 'retry-after': '7' },
        message: 'slow down',
      },
      { kind: 'tool', input: GOOD },
    );
    expect(await client.generateObject(Verdict, ASK)).toEqual(GOOD);
    expect(delays).toEqual([7000]);
    expect(server.requests).toHaveLength(2);
    expect(events.map((e) => [e.type, e.data['attempts']])).toEqual([['llm.call.completed', 2]]);
  });

  it('retries 5xx with backoff until the retries run out, then fails typed', async () => {
    const { client, events, delays } = await testClient(providerFor(kind, server));
    server.enqueue(
      ...Array.from({ length: 3 }, () => ({
        kind: 'status' as const,
        status: 503,
        message: 'overloaded',
      })),
      { kind: 'tool', input: GOOD },
    );
    const err = await llmFailureOf(client.generateObject(Verdict, ASK));
    expect(err.reason).toBe('server_error');
    expect(err.status).toBe(503);
    expect(err.message).toContain('gave up after 3 attempts');
    // Equal jitter at random 0.5: step/2 + step/4, steps 100 then 200 ms.
    expect(delays).toEqual([75, 150]);
    expect(server.requests).toHaveLength(3);
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe('llm.call.failed');
    expect(events[0]?.data).toMatchObject({
      reason: 'server_error',
      attempts: 3,
      provider: api,
    });
  });

  it('repairs a malformed tool input once, quoting the validation error', async () => {
    const { client, events } = await testClient(providerFor(kind, server));
    server.enqueue(
      {
        kind: 'tool',
        input: { verdict: 'maybe', confidence: 'high', steps: [] },
      },
      { kind: 'tool', input: GOOD },
    );
    expect(await client.generateObject(Verdict, ASK)).toEqual(GOOD);
    expect(server.requests).toHaveLength(2);
    const second = server.requests[1]?.body['messages'] as Record<string, unknown>[];
    const quoted = JSON.stringify(second);
    expect(quoted).toContain('did not match the schema');
    expect(quoted).toContain('confidence');
    if (kind === 'anthropic') {
      expect(second.at(-1)).toMatchObject({
        role: 'user',
        content: [{ type: 'tool_result', is_error: true }],
      });
      expect(second.at(-2)).toMatchObject({
        role: 'assistant',
        content: [{ type: 'tool_use', name: 'Verdict' }],
      });
    } else if (kind === 'openai') {
      expect(second.at(-1)).toMatchObject({ role: 'tool' });
      expect(second.at(-2)).toMatchObject({
        role: 'assistant',
        tool_calls: [{ function: { name: 'Verdict' } }],
      });
    } else {
      expect(second.at(-1)).toMatchObject({ role: 'user' });
    }
    expect(events[0]?.data).toMatchObject({ attempts: 2 });
  });

  it('fails with schema_mismatch when the repair is still invalid', async () => {
    const { client, events } = await testClient(providerFor(kind, server));
    const bad = { verdict: 'maybe', confidence: 2, steps: [] };
    server.enqueue({ kind: 'tool', input: bad }, { kind: 'tool', input: bad }, { kind: 'tool', input: GOOD });
    const err = await llmFailureOf(client.generateObject(Verdict, ASK));
    expect(err.reason).toBe('schema_mismatch');
    expect(server.requests).toHaveLength(2);
    expect(events[0]?.data).toMatchObject({
      reason: 'schema_mismatch',
      attempts: 2,
    });
  });

  it('buys the larger budget only when the answer was cut off', async () => {
    const { client } = await testClient(providerFor(kind, server));
    server.enqueue(
      {
        kind: 'tool',
        input: '{"verdict": "fix", "confid',
        stopReason: 'max_tokens',
        outputTokens: 2048,
      },
      { kind: 'tool', input: GOOD },
    );
    expect(await client.generateObject(Verdict, ASK)).toEqual(GOOD);
    expect(server.requests.map((r) => r.body['max_tokens'])).toEqual([2048, 4096]);
  });

  it('fails with truncated when the top rung is cut off too', async () => {
    const { client } = await testClient(providerFor(kind, server));
    const cut = {
      kind: 'text' as const,
      text: 'Let me think about',
      stopReason: 'max_tokens',
    };
    server.enqueue(cut, cut, cut);
    const err = await llmFailureOf(client.generateObject(Verdict, ASK));
    expect(err.reason).toBe('truncated');
    expect(server.requests).toHaveLength(2);
  });

  it('times out a hanging server without retrying', async () => {
    const { client, events } = await testClient(providerFor(kind, server), {
      timeoutMs: 250,
    });
    server.enqueue({ kind: 'hang' }, { kind: 'tool', input: GOOD });
    const err = await llmFailureOf(client.generateObject(Verdict, ASK));
    expect(err.reason).toBe('timeout');
    expect(server.requests).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ reason: 'timeout', attempts: 1 });
  });

  it('reports a wrong key as auth, does not retry it, and never echoes the key', async () => {
    const wrong = 'sk-wrong-key-abcdefgh-123';
    const { client, events } = await testClient(providerFor(kind, server, wrong));
    const err = await llmFailureOf(client.generateObject(Verdict, ASK));
    expect(err.reason).toBe('auth');
    expect(server.requests).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain(wrong);
    expect(err.message).not.toContain(wrong);
  });
});

describe.each<ProviderKind>(['anthropic', 'openai'])('%s complete()', (kind) => {
  it('streams text deltas while the event records the whole response', async () => {
    const { client, events } = await testClient(providerFor(kind, server));
    const text = 'I will read the file with an explicit encoding.';
    server.enqueue({
      kind: 'tool',
      name: 'run_cell',
      input: { code: "open('a.csv', encoding='utf-8')" },
      text,
    });
    const runCell = zodTool('run_cell', 'Runs Python code in the scratchpad.', z.object({ code: z.string() }));
    const emitted = await lastValueFrom(
      client
        .stream({
          system: 'You are a data agent.',
          messages: [{ role: 'user', content: 'Load a.csv' }],
          tools: [runCell],
        })
        .pipe(toArray()),
    );
    const deltas = emitted.flatMap((e) => (e.type === 'text' ? [e.text] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(text);
    const last = emitted.at(-1);
    expect(last?.type).toBe('response');
    const content = last?.type === 'response' ? last.response.content : [];
    expect(content).toEqual([
      { type: 'text', text },
      {
        type: 'tool_use',
        id: expect.any(String) as unknown,
        name: 'run_cell',
        input: { code: "open('a.csv', encoding='utf-8')" },
      },
    ]);
    expect(server.requests.at(-1)?.body['stream']).toBe(true);
    expect(events.at(-1)?.data).toMatchObject({
      purpose: 'turn',
      role: 'planning',
      stopReason: 'tool_use',
      response: { content },
    });
  });

  it('sends tool results back in the provider shape', async () => {
    const { client } = await testClient(providerFor(kind, server));
    server.enqueue({ kind: 'text', text: 'Loaded 3 rows.' });
    const response = await client.complete({
      system: 'You are a data agent.',
      messages: [
        { role: 'user', content: 'Load a.csv' },
        {
          role: 'assistant',
          content: [
            {
              type: 'tool_use',
              id: 'call_1',
              name: 'run_cell',
              input: { code: 'x' },
            },
          ],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'rows=3' }],
        },
      ],
      tools: [zodTool('run_cell', 'Runs code.', z.object({ code: z.string() }))],
    });
    expect(response.content).toEqual([{ type: 'text', text: 'Loaded 3 rows.' }]);
    expect(response.stopReason).toBe('end_turn');
    const sent = server.requests.at(-1)?.body['messages'] as Record<string, unknown>[];
    if (kind === 'anthropic')
      expect(sent.at(-1)).toEqual({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'rows=3' }],
      });
    else
      expect(sent.at(-1)).toEqual({
        role: 'tool',
        tool_call_id: 'call_1',
        content: 'rows=3',
      });
  });

  it('retries a stream that failed before showing any text', async () => {
    const { client } = await testClient(providerFor(kind, server));
    server.enqueue({ kind: 'status', status: 500 }, { kind: 'text', text: 'after one retry' });
    const emitted = await collect(
      client.stream({
        system: '',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(emitted.events.at(-1)).toMatchObject({
      type: 'response',
      response: { content: [{ type: 'text', text: 'after one retry' }] },
    });
    expect(emitted.error).toBeUndefined();
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a stream that already showed text (the caller would see it twice)', async () => {
    const { client, events } = await testClient(providerFor(kind, server));
    server.enqueue({ kind: 'cut', text: 'Half of this answer arrives.' }, { kind: 'text', text: 'never asked for' });
    const emitted = await collect(
      client.stream({
        system: '',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(emitted.events.length).toBeGreaterThan(0);
    expect(emitted.events.every((e) => e.type === 'text')).toBe(true);
    expect(isLlmError(emitted.error) && emitted.error.reason).toBe('network');
    expect(isLlmError(emitted.error) && emitted.error.message).toContain('connection lost');
    expect(server.requests).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({
      type: 'llm.call.failed',
      data: { reason: 'network', attempts: 1 },
    });
  });

  it('unsubscribing cancels the call and records the cancellation', async () => {
    const { client, events } = await testClient(providerFor(kind, server));
    server.enqueue({ kind: 'hang' });
    const subscription = client.stream({ system: '', messages: [{ role: 'user', content: 'hi' }] }).subscribe();
    await until(() => server.requests.length === 1);
    subscription.unsubscribe();
    await until(() => events.length === 1);
    expect(events[0]).toMatchObject({
      type: 'llm.call.failed',
      data: { reason: 'cancelled', message: 'cancelled by the caller' },
    });
  });
});

describe('network failures', () => {
  it('a refused connection is a network error, retried, then typed', async () => {
    const dead = await startFakeLlmServer();
    await dead.close();
    const { client, delays } = await testClient(providerFor('openai', dead));
    const err = await llmFailureOf(
      client.complete({
        system: '',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(err.reason).toBe('network');
    expect(delays).toHaveLength(2);
  });

  it('a no_tool_call answer is not repaired', async () => {
    const { client } = await testClient(providerFor('anthropic', server));
    server.enqueue({ kind: 'text', text: 'I think the verdict is fix.' }, { kind: 'tool', input: GOOD });
    const err = await llmFailureOf(client.generateObject(Verdict, ASK));
    expect(err.reason).toBe('no_tool_call');
    expect(server.requests).toHaveLength(1);
  });

  it('LlmError is the rejection type hosts catch', async () => {
    const { client } = await testClient(providerFor('anthropic', server));
    await expect(
      client.complete({
        system: '',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    ).rejects.toBeInstanceOf(LlmError);
  });
});
