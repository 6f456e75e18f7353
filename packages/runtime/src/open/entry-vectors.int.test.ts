import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddingsServer, type EmbeddingsServer } from '@engram/hippocampus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrain } from '../create-brain.js';
import { rankingStatus } from '../ranking-status.js';
import { addUserEntry } from './add-user-entry.js';
import { openActiveMemory } from './open-active-memory.js';

/** A lesson that shares no word (nor stem) with the question asked later: only meaning finds it first. */
const LESSON = 'Karl mended the gearbox of the automobile at the garage on Elm Street';
const OTHER = 'The nightly backups go to the Frankfurt storage bucket';
const QUESTION = 'who can fix my car transmission';

let server: EmbeddingsServer;
const root = mkdtempSync(join(tmpdir(), 'engram-entry-vectors-'));
beforeAll(async () => {
  server = await startEmbeddingsServer();
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

let n = 0;
const folders = () => {
  const base = join(root, `case-${n++}`);
  const home = join(base, 'home');
  const project = join(base, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  return { home, project };
};
const envFor = (model: string): NodeJS.ProcessEnv => ({ ENGRAM_EMBEDDER_URL: server.url, ENGRAM_EMBED_MODEL: model });
const add = (f: { home: string; project: string }, text: string, env: NodeJS.ProcessEnv) => addUserEntry(f, { text, kind: 'lesson', scope: 'project', corrects: [] }, env);
const block = async (f: { home: string; project: string }, env: NodeJS.ProcessEnv) => {
  const m = await openActiveMemory(f, env);
  try {
    return { text: (await m.cortex.memoryContext(QUESTION)).text, notes: await m.cortex.memoryNotes() };
  } finally {
    await m.close();
  }
};
const status = (f: { home: string; project: string }, env: NodeJS.ProcessEnv) => rankingStatus(createBrain({ ...f, env }));

describe('memory entries embedded when written (a real embeddings server on 127.0.0.1)', () => {
  it('embeds an entry as it is written, so ranking it later embeds only the message', async () => {
    const f = folders();
    const env = envFor('test-a');
    const before = server.texts();
    await add(f, LESSON, env);
    await add(f, OTHER, env);
    // One text per write, embedded by the write itself.
    expect(server.texts() - before).toBe(2);
    expect(await status(f, env)).toMatchObject({ ranking: 'lexical+embeddings', model: 'test-a', entries: { stored: 2, stale: 0, items: 2 } });
    const asked = server.texts();
    const { text } = await block(f, env);
    expect(server.texts() - asked).toBe(1); // the message; both entries' vectors were stored
    expect(text).toContain(LESSON);
  });

  it('re-embeds the entries when the model changes, and never compares the old vectors with the new', async () => {
    const f = folders();
    await add(f, LESSON, envFor('test-a'));
    await add(f, OTHER, envFor('test-a'));
    const env = envFor('test-b');
    expect((await status(f, env)).entries).toEqual({ stored: 0, stale: 2, items: 2 });
    const asked = server.texts();
    await block(f, env);
    expect(server.texts() - asked).toBe(3); // the message, and both entries under the new model
    expect((await status(f, env)).entries).toEqual({ stored: 2, stale: 0, items: 2 });
  });

  it('keeps the write when the embedder fails, says so, ranks by words, and embeds the entry at the next block', async () => {
    const f = folders();
    const env = envFor('test-c');
    server.failing = true;
    try {
      const { result } = await add(f, LESSON, env);
      expect(result.status).toBe('added');
      expect((await status(f, env)).entries).toEqual({ stored: 0, stale: 1, items: 1 });
      const failed = await block(f, env);
      expect(failed.notes.join('\n')).toMatch(/embedder failed, the memory block is ranked by words only/);
    } finally {
      server.failing = false;
    }
    const asked = server.texts();
    await block(f, env);
    expect(server.texts() - asked).toBe(2); // the message and the entry the failed write left without a vector
    expect((await status(f, env)).entries).toEqual({ stored: 1, stale: 0, items: 1 });
  });

  it('ranks pre-call advice with the stored vectors (one embed of the call) and by words alone when the embedder fails', async () => {
    const f = folders();
    const env = envFor('test-d');
    await add(f, 'Before running pytest, activate the virtualenv of the repository', env);
    await add(f, 'pytest needs the database container: start it with docker compose up db', env);
    const m = await openActiveMemory(f, env);
    try {
      const call = { tool: 'bash', turnText: 'the tests fail', args: { command: 'pytest tests/' }, callText: 'pytest tests/' };
      const asked = server.texts();
      const advice = await m.cortex.preCallStrategies(call);
      expect(server.texts() - asked).toBe(1); // the call's query; both entries were embedded when written
      expect(advice.ranking.chosen).toHaveLength(2);
      server.failing = true;
      try {
        const words = await m.cortex.preCallStrategies(call);
        expect(words.ranking.chosen.map((c) => c.item.text).sort()).toEqual(advice.ranking.chosen.map((c) => c.item.text).sort());
        expect((await m.cortex.memoryNotes()).join('\n')).toMatch(/pre-call advice is ranked by words only/);
      } finally {
        server.failing = false;
      }
    } finally {
      await m.close();
    }
  });
});
