import { Effect, Exit, Layer } from 'effect';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Cassette } from './cassette.js';
import { Llm, makeLlm } from './llm.js';
import { layerLlm, layerScripted } from './llm-layers.js';
import { LlmError } from './llm-error.js';
import { LlmTransport, type LlmTransportShape } from './llm-transport.js';
import type { LlmRequest, LlmResponse } from './llm-types.js';

const models = { planning: 'plan-model', coding: 'code-model' };
const collect = () => {
  const events: {
    type: string;
    data: Record<string, unknown>;
    meta: unknown;
  }[] = [];
  return {
    events,
    sink: {
      publish: (type: string, data: unknown, meta?: unknown) => void events.push({ type, data: data as Record<string, unknown>, meta }),
    },
  };
};
const toolAnswer = (input: unknown): LlmResponse => ({
  model: 'code-model',
  content: [{ type: 'tool_use', id: 't1', name: 'Fix', input }],
  stopReason: 'tool_use',
  usage: { inputTokens: 10, outputTokens: 5 },
});

/** A transport that answers from a list and keeps what it was asked. */
const listTransport = (answers: (LlmResponse | LlmError)[]): LlmTransportShape & { seen: LlmRequest[] } => {
  const seen: LlmRequest[] = [];
  return {
    provider: 'list',
    target: 'memory',
    seen,
    send: (request) =>
      Effect.suspend(() => {
        seen.push(request);
        const next = answers.shift();
        if (next === undefined) return Effect.fail(new LlmError({ reason: 'cassette_miss', message: 'list empty' }));
        return next instanceof LlmError ? Effect.fail(next) : Effect.succeed(next);
      }),
  };
};

const Fix = z.object({ fix: z.string() });
const ask = {
  system: 'sys',
  messages: [{ role: 'user' as const, content: 'u' }],
  role: 'coding' as const,
  purpose: 'cerebellum',
  name: 'Fix',
};

describe('Llm service (Effect)', () => {
  it('is provided by a layer over a scripted cassette and used with Llm.use', async () => {
    const cassette: Cassette = {
      engramCassette: 1,
      entries: [{ match: { tool: 'Fix' }, response: toolAnswer({ fix: 'use utf-8' }) }],
    };
    const { sink, events } = collect();
    const layer = layerScripted({ cassette, name: 'inline' }, { models, sink });
    const value = await Effect.runPromise(Llm.use((llm) => llm.generateObject(Fix, ask)).pipe(Effect.provide(layer)));
    expect(value).toEqual({ fix: 'use utf-8' });
    expect(events[0]?.data).toMatchObject({
      provider: 'scripted',
      model: 'code-model',
      inputTokens: 10,
      outputTokens: 5,
      costUsd: 0,
    });
  });

  it('fails in the error channel with the tagged error, recording the causation', async () => {
    const { sink, events } = collect();
    const transport = listTransport([new LlmError({ reason: 'bad_request', message: '400 nope', status: 400 })]);
    const layer = layerLlm({ models, sink }).pipe(Layer.provide(Layer.succeed(LlmTransport, transport)));
    const exit = await Effect.runPromiseExit(
      Llm.use((llm) => llm.generateObject(Fix, { ...ask, causationId: 'evt-9' })).pipe(
        Effect.catchTag('LlmError', (e) => Effect.succeed(`caught ${e.reason}`)),
        Effect.provide(layer),
      ),
    );
    expect(Exit.isSuccess(exit) && exit.value).toBe('caught bad_request');
    expect(events).toEqual([
      expect.objectContaining({
        type: 'llm.call.failed',
        meta: { causationId: 'evt-9' },
      }),
    ]);
    expect(transport.seen).toHaveLength(1);
  });

  it('sums tokens over a repair and records the final response', async () => {
    const { sink, events } = collect();
    const transport = listTransport([toolAnswer({ fix: 3 }), toolAnswer({ fix: 'ok' })]);
    const llm = makeLlm(transport, {
      models,
      sink,
      prices: { 'code-model': { inputPerMTok: 1_000_000, outputPerMTok: 0 } },
    });
    expect(await Effect.runPromise(llm.generateObject(Fix, ask))).toEqual({
      fix: 'ok',
    });
    expect(events[0]?.data).toMatchObject({
      attempts: 2,
      inputTokens: 20,
      outputTokens: 10,
      costUsd: 20,
      response: { content: [{ input: { fix: 'ok' } }] },
    });
    expect(transport.seen.map((r) => r.messages.length)).toEqual([1, 3]);
  });

  it('rejects a call it cannot make before touching the transport', async () => {
    const { sink, events } = collect();
    const transport = listTransport([]);
    const llm = makeLlm(transport, { models, sink });
    const calls: Effect.Effect<unknown, LlmError>[] = [
      llm.generateObject(Fix, { ...ask, budgets: [] }),
      llm.generateObject(Fix, { ...ask, name: 'has spaces' }),
      llm.generateObject(z.object({ at: z.date() }), ask),
      llm.complete({
        system: '',
        messages: [{ role: 'user', content: 'x' }],
        toolChoice: { type: 'tool', name: 'absent' },
      }),
      llm.complete({
        system: '',
        messages: [{ role: 'robot', content: 'x' }] as never,
      }),
    ];
    const reasons = await Promise.all(calls.map((e) => Effect.runPromise(Effect.flip(e)).then((err) => err.reason)));
    expect(reasons).toEqual(['bad_request', 'bad_request', 'bad_request', 'bad_request', 'bad_request']);
    expect(transport.seen).toHaveLength(0);
    expect(events.map((e) => e.type)).toEqual(Array.from({ length: 5 }, () => 'llm.call.failed'));
  });

  it('returns a tool call as the model gave it (it is about to run) and records the scrubbed copy', async () => {
    const { sink, events } = collect();
    const secret = ['hunter', '2-', 'Xy9!zz'].join('');
    const code = `password = "${secret}"\nprint(len(password))`;
    const llm = makeLlm(listTransport([{ ...toolAnswer({ action: 'exec', code }), content: [{ type: 'text', text: `my password is ${secret}` }, { type: 'tool_use', id: 't1', name: 'scratchpad', input: { code } }] }]), { models, sink });
    const answer = await Effect.runPromise(llm.complete({ system: '', messages: [{ role: 'user', content: 'x' }] }));
    expect(answer.content[1]).toMatchObject({ type: 'tool_use', input: { code } });
    const recorded = JSON.stringify(events.find((e) => e.type === 'llm.call.completed')?.data);
    expect(recorded).not.toContain(secret);
    expect(recorded).toContain('[REDACTED:');
  });

  it('picks the model by role and uses the configured default max_tokens for complete', async () => {
    const { sink } = collect();
    const transport = listTransport([
      {
        model: 'plan-model',
        content: [],
        stopReason: 'end_turn',
        usage: { inputTokens: 0, outputTokens: 0 },
      },
    ]);
    const llm = makeLlm(transport, { models, sink, completeMaxTokens: 1234 });
    await Effect.runPromise(llm.complete({ system: '', messages: [{ role: 'user', content: 'x' }] }));
    expect(transport.seen[0]).toMatchObject({
      model: 'plan-model',
      role: 'planning',
      purpose: 'turn',
      maxTokens: 1234,
      toolChoice: { type: 'auto' },
      structured: false,
    });
  });
});
