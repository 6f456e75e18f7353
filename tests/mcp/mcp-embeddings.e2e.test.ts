import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startEmbeddingsServer, type EmbeddingsServer } from '@engram/hippocampus/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio } from './mcp-clients.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'apps/cli/bin/engram.js');
const run = promisify(execFile);
/** The CLI as a person runs it, asynchronously: the embeddings server answers from this process meanwhile. */
const engram = async (args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
  try {
    const r = await run(process.execPath, [BIN, ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '' }, timeout: 60_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
};

/** An earlier session: the answer shares no word (nor stem) with the question asked later. */
const EARLIER = [
  ['user', 'Any news from the garage?'],
  ['assistant', 'Karl mended the gearbox of the automobile yesterday.'],
  ['user', 'Where do the nightly backups go now?'],
  ['assistant', 'The nightly backups go to the Frankfurt storage bucket.'],
] as const;
const QUESTION = 'who can fix my car transmission';

const recall = async (client: Client, query: string): Promise<string> => {
  const r = await client.callTool({ name: 'recall', arguments: { query } });
  return (r.content as { text?: string }[]).map((c) => c.text ?? '').join('\n');
};

let server: EmbeddingsServer;
const dirs: string[] = [];
beforeAll(async () => {
  server = await startEmbeddingsServer();
});
afterAll(() => server.close());
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const project = (): { home: string; project: string } => {
  const root = mkdtempSync(join(tmpdir(), 'engram-embed-e2e-'));
  dirs.push(root);
  const home = join(root, 'home');
  const dir = join(root, 'project');
  mkdirSync(join(dir, '.engram', 'episodes'), { recursive: true });
  mkdirSync(home, { recursive: true });
  const lines = EARLIER.map(([role, content], i) => JSON.stringify({ ts: `2026-10-01T09:00:0${i}.000000+00:00`, session: 'earlier', turn: 1 + Math.floor(i / 2), role, content, meta: {} }));
  writeFileSync(join(dir, '.engram', 'episodes', '20261001_090000_ab12.jsonl'), `${lines.join('\n')}\n`);
  return { home, project: dir };
};

describe('meaning beside words, through the built CLI and MCP, against a real embeddings server on 127.0.0.1', () => {
  it('MCP recall finds a paraphrase sharing no word only with --embedder; memory stats says which ranking is active', async () => {
    const p = project();
    const plain = await connectStdio(p.home, p.project);
    try {
      expect(await recall(plain.client, QUESTION)).not.toContain('Karl mended');
    } finally {
      await plain.close();
    }
    const meant = await connectStdio(p.home, p.project, ['--embedder', server.url, '--embed-model', 'test-ngram-64']);
    try {
      const text = await recall(meant.client, QUESTION);
      // The first group: the answering turn with the question before it.
      expect(text.split('\n').filter((l) => l.startsWith('[')).slice(0, 2)).toEqual([expect.stringContaining('(user) Any news from the garage?'), expect.stringContaining('(assistant) Karl mended the gearbox of the automobile')]);
      // A question the words answer is still answered by them.
      expect((await recall(meant.client, 'where do the nightly backups go')).split('\n').find((l) => l.startsWith('['))).toContain('Where do the nightly backups go now?');
    } finally {
      await meant.close();
    }
    const words = await engram(['memory', 'stats', '--home', p.home, '--project', p.project]);
    expect(words.stdout).toMatch(/^ranking +lexical \(words only/m);
    const both = await engram(['memory', 'stats', '--json', '--home', p.home, '--project', p.project, '--embedder', server.url, '--embed-model', 'test-ngram-64']);
    expect(both.code).toBe(0);
    expect((JSON.parse(both.stdout) as { ranking: unknown }).ranking).toEqual({ ranking: 'lexical+embeddings', model: 'test-ngram-64', embedder: `${server.url}/embeddings`, episodes: { embedded: 4, items: 4 }, entries: { stored: 0, stale: 0, items: 0 } });
  }, 120_000);

  it('memory context ranks a lesson that shares no word with the message first only with the embedder', async () => {
    const p = project();
    const roots = ['--home', p.home, '--project', p.project];
    for (const lesson of ['Karl mended the gearbox of the automobile', 'the staging cluster was renamed', 'release notes live in docs/releases', 'backups are kept thirty days'])
      expect((await engram(['memory', 'add', '--kind', 'lesson', lesson, ...roots])).code).toBe(0);
    const firstLesson = (out: string): string => (JSON.parse(out) as { context: string }).context.split('\n').find((l) => l.startsWith('- ')) ?? '';
    const plain = await engram(['memory', 'context', '--json', '--message', QUESTION, ...roots]);
    expect(firstLesson(plain.stdout)).not.toContain('Karl mended');
    const meant = await engram(['memory', 'context', '--json', '--message', QUESTION, ...roots, '--embedder', server.url, '--embed-model', 'test-ngram-64']);
    expect(meant.stderr).toBe('');
    expect(firstLesson(meant.stdout)).toContain('Karl mended the gearbox of the automobile');
    // An embedder that is down: the block is still made (by words) and the note says why.
    server.failing = true;
    try {
      const down = await engram(['memory', 'context', '--json', '--message', QUESTION, ...roots, '--embedder', server.url, '--embed-model', 'test-ngram-64']);
      expect(down.code).toBe(0);
      expect(down.stderr).toMatch(/embedder failed, the memory block is ranked by words only: .*HTTP 503/);
    } finally {
      server.failing = false;
    }
  }, 120_000);

  it('engram doctor checks the embedder: reachable with its dimension, or BROKEN with what to fix', async () => {
    const p = project();
    type Check = { name: string; status: string; found: string; fix?: string };
    const embedderOf = (out: string): Check | undefined => (JSON.parse(out) as { checks: Check[] }).checks.find((c) => c.name === 'embedder');
    const none = await engram(['doctor', '--json', '--home', p.home, '--project', p.project]);
    const n = embedderOf(none.stdout);
    expect([n?.status, n?.found]).toEqual(['ok', expect.stringContaining('none configured')]);
    const up = await engram(['doctor', '--json', '--home', p.home, '--project', p.project, '--embedder', server.url, '--embed-model', 'test-ngram-64']);
    const u = embedderOf(up.stdout);
    expect([u?.status, u?.found]).toEqual(['ok', expect.stringContaining('answers, dimension 64')]);
    server.failing = true;
    try {
      const down = await engram(['doctor', '--json', '--home', p.home, '--project', p.project, '--embedder', server.url, '--embed-model', 'test-ngram-64']);
      expect(down.code).toBe(1);
      const d = embedderOf(down.stdout);
      expect([d?.status, d?.found, d?.fix]).toEqual(['broken', expect.stringContaining('HTTP 503'), expect.stringContaining('start the embeddings server')]);
    } finally {
      server.failing = false;
    }
    const half = await engram(['doctor', '--json', '--home', p.home, '--project', p.project, '--embedder', server.url]);
    const h = embedderOf(half.stdout);
    expect([h?.status, h?.found]).toEqual(['broken', expect.stringContaining('no model')]);
  }, 120_000);
});
