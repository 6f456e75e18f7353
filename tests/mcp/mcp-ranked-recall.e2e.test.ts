import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectStdio } from './mcp-clients.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** An earlier session's episodes, as Anton and engram write them: one JSON object a line. */
const EARLIER = [
  ['user', 'Can you look at why the dashboard is slow?'],
  ['assistant', 'The dashboard query scans the whole events table; I added an index on created_at.'],
  ['user', 'Where do the nightly backups go now?'],
  ['assistant', 'I moved the nightly backup job to the Frankfurt storage bucket and kept thirty days of copies.'],
  ['user', 'Thanks. Also rename the staging cluster.'],
  ['assistant', 'Renamed the staging cluster to staging-eu; the old name still resolves for a week.'],
  ['user', 'Please write the release notes for version 2.4.'],
  ['assistant', 'Release notes for 2.4 are in docs/releases/2.4.md: faster dashboard, backup move, cluster rename.'],
] as const;

const call = async (client: Client, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> => {
  const r = await client.callTool({ name: 'recall', arguments: args });
  return { isError: r.isError === true, text: (r.content as { text?: string }[]).map((c) => c.text ?? '').join('\n') };
};

describe('MCP recall answers a question in plain words (the official MCP SDK client over stdio)', () => {
  it('ranks the answering episode first, and keeps substring semantics for a quoted or literal query', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-mcp-ranked-'));
    dirs.push(root);
    const home = join(root, 'home');
    const project = join(root, 'project');
    mkdirSync(join(project, '.engram', 'episodes'), { recursive: true });
    mkdirSync(home, { recursive: true });
    const lines = EARLIER.map(([role, content], i) => JSON.stringify({ ts: `2026-10-0${1 + Math.floor(i / 2)}T09:00:0${i}.000000+00:00`, session: 'earlier', turn: 1 + Math.floor(i / 2), role, content, meta: {} }));
    writeFileSync(join(project, '.engram', 'episodes', '20261001_090000_ab12.jsonl'), `${lines.join('\n')}\n`);
    const c = await connectStdio(home, project);
    try {
      // No episode holds the question as a substring: only a ranked recall finds the answer.
      const asked = await call(c.client, { query: 'Which storage bucket did the nightly backups move to?' });
      expect(asked.isError).toBe(false);
      const first = asked.text.split('\n')[0] ?? '';
      expect(first).toContain('(user) Where do the nightly backups go now?');
      expect(asked.text.split('\n')[1]).toContain('(assistant) I moved the nightly backup job to the Frankfurt storage bucket');
      // A quoted query is Anton's literal substring match: the turn holding the exact words, and nothing else.
      const quoted = await call(c.client, { query: '"staging-eu"' });
      expect(quoted.text.split('\n').filter((l) => l.startsWith('['))).toEqual([expect.stringContaining('(user) Thanks. Also rename the staging cluster.'), expect.stringContaining('(assistant) Renamed the staging cluster to staging-eu')]);
      expect((await call(c.client, { query: '"backups move to"' })).text).toMatch(/^No episodes found/);
      const literal = await call(c.client, { query: 'nightly backup job', literal: true });
      expect(literal.text.split('\n').filter((l) => l.startsWith('['))).toEqual([expect.stringContaining('(user) Where do the nightly backups go now?'), expect.stringContaining('(assistant) I moved the nightly backup job')]);
    } finally {
      await c.close();
    }
  }, 60_000);
});
