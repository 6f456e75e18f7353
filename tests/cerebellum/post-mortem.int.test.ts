import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBus } from '@engram/bus';
import { cerebellumCore, defaultCerebellumParams, pendingFlush, type CerebellumParams } from '@engram/cerebellum';
import { postMortemWithClient } from '@engram/cerebellum/effects';
import type { AnyEnvelope, EventData, EventType } from '@engram/events';
import { TEST_SESSION } from '@engram/events/testing';
import { foldCore, sequentialIds, type EventSink } from '@engram/kernel';
import { createLlmClient, type LlmClient, type ProviderConfig } from '@engram/llm';
import { FAKE_KEY, MODELS, startFakeLlmServer, type FakeLlmServer } from '@engram/llm/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const CASSETTE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/cerebellum/cassettes/post-mortem.cassette.json');
const SECRET = 'sk-ant-api03-TOPSECRETTOPSECRETTOPSECRET';

/**
 * A session as the runtime will wire it: the real bus, the cerebellum core subscribed to it, and
 * the post-mortem effect forked after each event, its LLM port publishing to the same bus.
 */
const session = async (provider: ProviderConfig, params: CerebellumParams = defaultCerebellumParams) => {
  const bus = createBus({ sessionId: TEST_SESSION, ids: sequentialIds('e'), validate: true });
  const sink: EventSink = bus;
  const client: LlmClient = await createLlmClient({ provider, models: MODELS, sink, ids: sequentialIds('call'), retry: { maxRetries: 0 }, sleep: () => undefined });
  const log: AnyEnvelope[] = [];
  const running: Promise<void>[] = [];
  let state = cerebellumCore.initialState(params);
  bus.subscribe('log', (e) => void log.push(e));
  bus.subscribe('cerebellum', (e) => {
    state = cerebellumCore.evolve(state, e);
    for (const d of cerebellumCore.react(state, e, params)) bus.publish(d.type, d.data, { causationId: d.causationId ?? e.id });
    const flush = e.type === 'executive.turn.completed' ? pendingFlush(state, e.id) : undefined;
    if (flush !== undefined) running.push(postMortemWithClient(flush, client));
  });
  const publish = <T extends EventType>(type: T, data: EventData<T>) => bus.publish(type, data);
  return { log, publish, settled: async () => void (await Promise.all(running)) };
};

/** One turn with a failing cell (whose code holds a secret) and a clean one. */
const playTurn = (publish: Awaited<ReturnType<typeof session>>['publish']) => {
  publish('executive.turn.started', { message: 'load the sales data' });
  publish('scratchpad.cell.requested', {
    pad: 'main', cellId: 'c1', runtime: 'python', code: `import pandas as pd\nkey = "${SECRET}"`, codeLength: 40, description: 'load sales with pandas', confirmedNewPad: false,
  });
  publish('scratchpad.cell.executed', {
    pad: 'main', cellId: 'c1', ok: false, stdout: '', stderr: '', error: "ModuleNotFoundError: No module named 'pandas'", stdoutLength: 0, truncated: false, durationMs: 40,
  });
  publish('scratchpad.cell.requested', { pad: 'main', cellId: 'c2', runtime: 'python', code: 'print(1)', codeLength: 8, description: 'print', confirmedNewPad: false });
  publish('scratchpad.cell.executed', { pad: 'main', cellId: 'c2', ok: true, stdout: '1', stderr: '', error: '', stdoutLength: 1, truncated: false, durationMs: 5 });
  publish('executive.turn.completed', { answer: 'done', rounds: 2, stopReason: 'end_turn' });
};

const lessonsIn = (events: readonly { type: string; data: unknown }[]) =>
  events.flatMap((e) => (e.type === 'cerebellum.lesson.learned' ? [e.data as EventData<'cerebellum.lesson.learned'>] : []));

/** Replay: the recorded log folded through the core with effects off yields the lessons the live run published. */
const expectReplayMatches = (log: readonly AnyEnvelope[]) => {
  const recorded = log.filter((e) => e.source !== 'cerebellum');
  const { published } = foldCore(cerebellumCore, defaultCerebellumParams, recorded);
  expect(lessonsIn(published)).toEqual(lessonsIn(log));
};

describe('the post-mortem through the LLM port (local fake Anthropic server)', () => {
  let server: FakeLlmServer;
  beforeAll(async () => {
    server = await startFakeLlmServer();
  });
  afterAll(async () => server.close());
  beforeEach(() => server.reset());

  const anthropic = (): ProviderConfig => ({ type: 'anthropic', apiKey: FAKE_KEY, baseUrl: server.url });

  it('asks the coding model once, with scrubbed cells, and publishes its lessons (replay gives the same)', async () => {
    server.enqueue({ kind: 'tool', input: { lessons: [{ text: 'Install a package in the pad before importing it.', topic: '' }, { text: '  ' }] } });
    const s = await session(anthropic());
    playTurn(s.publish);
    await s.settled();

    expect(server.requests).toHaveLength(1);
    const body = JSON.stringify(server.requests[0]?.body);
    expect(server.requests[0]?.body['model']).toBe(MODELS.coding);
    expect(body).toContain('DiffPassResult');
    expect(body).toContain('load sales with pandas');
    expect(body).not.toContain('TOPSECRET');
    expect(body).not.toContain('print(1)'); // the clean cell is not in the post-mortem

    const completed = s.log.find((e) => e.type === 'llm.call.completed');
    expect(completed?.causationId).toBe(s.log.find((e) => e.type === 'executive.turn.completed')?.id);
    expect(lessonsIn(s.log)).toEqual([{ text: 'Install a package in the pad before importing it.', topic: 'scratchpad', method: 'llm', cellIds: ['c1'] }]);
    expectReplayMatches(s.log);
  });

  it('when the call fails, still learns from the classifier (and replay agrees)', async () => {
    server.enqueue({ kind: 'status', status: 401, message: 'bad key' });
    const s = await session(anthropic());
    playTurn(s.publish);
    await s.settled();

    expect(s.log.find((e) => e.type === 'llm.call.failed')?.data).toMatchObject({ purpose: 'cerebellum', reason: 'auth' });
    const lessons = lessonsIn(s.log);
    expect(lessons.map((l) => [l.method, l.cellIds])).toEqual([['classifier', ['c1']]]);
    expect(lessons[0]?.text).toMatch(/missing module/);
    expectReplayMatches(s.log);
  });

  it('makes no call at all for a turn of clean cells', async () => {
    const s = await session(anthropic());
    s.publish('executive.turn.started', { message: 'hi' });
    s.publish('scratchpad.cell.executed', { pad: 'main', cellId: 'c', ok: true, stdout: 'x', stderr: '', error: '', stdoutLength: 1, truncated: false, durationMs: 1 });
    s.publish('executive.turn.completed', { answer: 'ok', rounds: 1, stopReason: 'end_turn' });
    await s.settled();
    expect(server.requests).toHaveLength(0);
    expect(s.log.filter((e) => e.source === 'cerebellum')).toEqual([]);
  });
});

describe('the post-mortem on a cassette', () => {
  it('replays a scripted answer matched by purpose and error text', async () => {
    const s = await session({ type: 'scripted', file: CASSETTE });
    playTurn(s.publish);
    await s.settled();
    expect(lessonsIn(s.log)).toEqual([{ text: 'Check a module is installed in the pad before importing it.', topic: 'python', method: 'llm', cellIds: ['c1'] }]);
    expectReplayMatches(s.log);
  });
});
