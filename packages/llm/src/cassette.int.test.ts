import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FAKE_KEY, startFakeLlmServer, type FakeLlmServer } from './testing/fake-llm-server.js';
import { llmFailureOf } from './testing/llm-failure-of.js';
import { MODELS, providerFor, testClient } from './testing/test-llm-client.js';
import type { LlmClient } from './create-llm-client.js';
import type { ProviderConfig } from './provider-config.js';

const Lesson = z.object({
  lesson: z.string(),
  scope: z.enum(['global', 'project']),
});
const Lessons = z.array(Lesson);

/** A small session: a structured call that needs a repair, a list, and a streamed turn. */
const session = async (client: LlmClient) => {
  const first = await client.generateObject(Lesson, {
    system: 'Extract one lesson.',
    messages: [{ role: 'user', content: 'pandas read_csv failed on latin-1' }],
    role: 'planning',
    purpose: 'consolidation',
    name: 'Lesson',
  });
  const list = await client.generateObject(Lessons, {
    system: 'Extract lessons.',
    messages: [{ role: 'user', content: 'two things went wrong' }],
    role: 'coding',
    purpose: 'cerebellum',
    name: 'Lessons',
  });
  const texts: string[] = [];
  const turn = await new Promise<unknown>((resolve, reject) => {
    client
      .stream({
        system: 'You are a data agent.',
        messages: [{ role: 'user', content: 'hello' }],
      })
      .subscribe({
        next: (e) => (e.type === 'text' ? texts.push(e.text) : resolve(e.response)),
        error: reject,
      });
  });
  return { first, list, turn, text: texts.join('') };
};

let server: FakeLlmServer;
let dir: string;
beforeAll(async () => {
  server = await startFakeLlmServer();
  dir = await mkdtemp(join(tmpdir(), 'engram-cassette-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('cassettes', () => {
  it('records a real provider, then replays offline with identical results', async () => {
    const file = join(dir, 'session.json');
    server.reset();
    server.enqueue(
      {
        kind: 'tool',
        input: { lesson: 'read with encoding latin-1', scope: 'wrong' },
      },
      {
        kind: 'tool',
        input: {
          lesson: 'Read CSVs with an explicit encoding',
          scope: 'global',
        },
      },
      {
        kind: 'tool',
        input: {
          items: [
            { lesson: 'a', scope: 'project' },
            { lesson: 'b', scope: 'global' },
          ],
        },
      },
      { kind: 'text', text: 'Hello! What shall we analyse today?' },
    );
    const recording = await testClient(providerFor('openai', server), {
      record: file,
    });
    const live = await session(recording.client);
    expect(server.requests).toHaveLength(4);
    expect(live.first).toEqual({
      lesson: 'Read CSVs with an explicit encoding',
      scope: 'global',
    });

    const mode = (await stat(file)).mode & 0o777;
    expect(mode).toBe(0o600);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(FAKE_KEY);
    const saved = JSON.parse(text) as { entries: unknown[]; models: unknown };
    expect(saved.entries).toHaveLength(4);
    expect(saved.models).toEqual(MODELS);

    server.reset();
    const replaying = await testClient({ type: 'scripted', file }, { models: {} });
    const replayed = await session(replaying.client);
    expect(server.requests).toHaveLength(0);
    expect(replayed).toEqual(live);
    expect(replaying.client.models).toEqual(MODELS);
    const strip = (events: { type: string; data: Record<string, unknown> }[]) =>
      events.map(({ type, data }) => ({
        type,
        data: { ...data, latencyMs: 0, provider: '' },
      }));
    expect(strip(replaying.events)).toEqual(strip(recording.events));
    expect(replaying.events.map((e) => e.data['provider'])).toEqual(['scripted', 'scripted', 'scripted']);
  });

  it('replays with the network gone', async () => {
    const file = join(dir, 'offline.json');
    const local = await startFakeLlmServer();
    local.enqueue({ kind: 'tool', input: { lesson: 'x', scope: 'project' } });
    const rec = await testClient(providerFor('anthropic', local), {
      record: file,
    });
    const ask = {
      system: 's',
      messages: [{ role: 'user' as const, content: 'u' }],
      role: 'planning' as const,
      purpose: 'identity',
      name: 'Lesson',
    };
    const live = await rec.client.generateObject(Lesson, ask);
    await local.close();
    const provider: ProviderConfig = { type: 'scripted', file };
    const replay = await testClient(provider);
    expect(await replay.client.generateObject(Lesson, ask)).toEqual(live);
  });

  it('a request the cassette does not hold fails as cassette_miss, naming the request', async () => {
    const file = join(dir, 'session.json');
    const replaying = await testClient({ type: 'scripted', file }, { models: {} });
    const err = await llmFailureOf(
      replaying.client.generateObject(Lesson, {
        system: 'Extract one lesson.',
        messages: [{ role: 'user', content: 'a question nobody recorded' }],
        role: 'planning',
        purpose: 'consolidation',
        name: 'Lesson',
      }),
    );
    expect(err.reason).toBe('cassette_miss');
    expect(err.message).toContain(file);
    expect(err.message).toContain('purpose consolidation');
    expect(err.message).toContain('forced tool Lesson');
    expect(err.message).toContain('a question nobody recorded');
    expect(err.message).toMatch(/hash=[0-9a-f]{16}/);
    expect(replaying.events).toEqual([
      expect.objectContaining({
        type: 'llm.call.failed',
        data: expect.objectContaining({
          reason: 'cassette_miss',
          attempts: 1,
        }) as unknown,
      }),
    ]);
  });

  it('an unreadable cassette is a configuration error naming the file and field', async () => {
    await expect(testClient({ type: 'scripted', file: join(dir, 'missing.json') })).rejects.toThrow(/missing\.json: no such file/);
    const bad = join(dir, 'bad.json');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(
      bad,
      JSON.stringify({
        engramCassette: 1,
        entries: [{ match: {}, response: { model: 'm', content: [{ type: 'txt' }] } }],
      }),
    );
    await expect(testClient({ type: 'scripted', file: bad })).rejects.toThrow(/bad\.json: .*entries/);
  });
});
