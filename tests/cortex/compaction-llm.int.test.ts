import { compactStore, extractIdentity, type StructuredModel } from '@engram/cortex';
import { FileSemanticStore } from '@engram/hippocampus';
import { providerFor, startFakeLlmServer, testClient, type FakeLlmServer } from '@engram/llm/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

let server: FakeLlmServer;
let dir: string;
let store: FileSemanticStore;

beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  server.reset();
  dir = await mkdtemp(join(tmpdir(), 'engram-compact-'));
  store = new FileSemanticStore({ dir: join(dir, 'memory'), scope: 'global' });
  await store.encode(Array.from({ length: 10 }, (_, i) => ({ text: `lesson ${i}`, kind: 'lesson' as const })));
  return () => rm(dir, { recursive: true, force: true });
});

const model = async (): Promise<StructuredModel> => (await testClient(providerFor('anthropic', server), { retry: { maxRetries: 0 } })).client;
const lessons = async () => (await store.read()).lessons.map((e) => e.text);
const ALL = Array.from({ length: 10 }, (_, i) => `lesson ${i}`);

describe('compaction through the LLM port', () => {
  it('removes the entries the model drops, keeping file order, and asks with numbered entries', async () => {
    server.enqueue({ kind: 'tool', input: { keep: [1, 3, 5, 7, 9, 10] } });
    const [report] = await compactStore(store, await model());
    expect(report).toMatchObject({ file: 'lessons', status: 'compacted', total: 10, removed: 4 });
    expect(await lessons()).toEqual(['lesson 0', 'lesson 2', 'lesson 4', 'lesson 6', 'lesson 8', 'lesson 9']);
    expect(JSON.stringify(server.requests[0]?.body)).toContain('1. lesson 0');
  });

  it('previews without removing anything', async () => {
    server.enqueue({ kind: 'tool', input: { keep: [1] } });
    const [report] = await compactStore(store, await model(), { preview: true });
    expect(report?.status).toBe('previewed');
    expect(report?.dropped).toHaveLength(9);
    expect(await lessons()).toEqual(ALL);
  });

  it('loses nothing when the call fails', async () => {
    server.enqueue({ kind: 'status', status: 400, message: 'bad' });
    const [report] = await compactStore(store, await model());
    expect(report?.status).toBe('failed');
    expect(report?.error).toContain('LlmError');
    expect(await lessons()).toEqual(ALL);
  });

  it('loses nothing on an empty answer', async () => {
    server.enqueue({ kind: 'tool', input: { keep: [] } });
    const [report] = await compactStore(store, await model());
    expect(report?.status).toBe('empty-answer');
    expect(await lessons()).toEqual(ALL);
  });

  it('keeps entries appended while the model was thinking (no lost update)', async () => {
    server.enqueue({ kind: 'tool', input: { keep: [1] } });
    const real = await model();
    const slow: StructuredModel = {
      generateObject: async (schema, options) => {
        const answer = await real.generateObject(schema, options);
        await store.encode([{ text: 'written meanwhile', kind: 'lesson' }]);
        return answer;
      },
    };
    await compactStore(store, slow);
    expect(await lessons()).toEqual(['lesson 0', 'written meanwhile']);
  });

  it('skips a file with too few entries without calling the model', async () => {
    const small = new FileSemanticStore({ dir: join(dir, 'small'), scope: 'project' });
    await small.encode([{ text: 'one', kind: 'lesson' }]);
    const reports = await compactStore(small, await model());
    expect(reports.map((r) => r.status)).toEqual(['skipped', 'skipped']);
    expect(server.requests).toHaveLength(0);
  });
});

describe('identity extraction through the LLM port', () => {
  it('merges facts into the profile, replacing a fact with the same key', async () => {
    await store.encode([{ text: 'Name: Old', kind: 'profile' }]);
    server.enqueue({ kind: 'tool', input: { facts: ['Name: Ada', ' Timezone: UTC ', ''] } });
    const r = await extractIdentity(['I am Ada, I work in UTC'], store, await model());
    expect(r.status).toBe('updated');
    expect((await store.read()).identities.map((e) => e.text)).toEqual(['Name: Ada', 'Timezone: UTC']);
  });

  it('changes nothing when the call fails or finds no facts', async () => {
    await store.encode([{ text: 'Name: Ada', kind: 'profile' }]);
    server.enqueue({ kind: 'status', status: 401 }, { kind: 'tool', input: { facts: [] } });
    expect((await extractIdentity(['hello'], store, await model())).status).toBe('failed');
    expect((await extractIdentity(['hello'], store, await model())).status).toBe('no-facts');
    expect((await store.read()).identities.map((e) => e.text)).toEqual(['Name: Ada']);
  });
});
