/**
 * Why this exists: the recall tool of an MCP session answered from the episode lines it could read
 * and said nothing of the others, where `engram recall` prints a note per line. A tool answer
 * holds what could be read; what could not is one of the session's problems, which `engram mcp`
 * now writes to its log (stderr, which an MCP host keeps) when the session ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeEpisodesWithUnreadableLine } from '../support/unreadable-episode-line.js';
import { connectStdio } from './mcp-clients.js';

const root = mkdtempSync(join(tmpdir(), 'engram-mcp-recall-problems-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('engram mcp: recall over an unreadable episode line', () => {
  it('answers from the lines it read, and logs the unreadable one when the session ends', async () => {
    const project = join(root, 'project');
    writeEpisodesWithUnreadableLine(project);
    const connected = await connectStdio(join(root, 'home'), project);
    const { client } = connected;
    const stderr = () => connected.stderr();
    const r = await client.callTool({ name: 'recall', arguments: { query: 'auth deploy' } });
    const text = (r.content as { text?: string }[]).map((c) => c.text ?? '').join('\n');
    expect(r.isError).not.toBe(true);
    expect(text).toContain('the deploy of the auth service went fine');
    await connected.close();
    // The server logs once its session is closed; bounded wait (50 x 100 ms).
    for (let i = 0; i < 50 && !stderr().includes('not JSON'); i++) await new Promise((done) => setTimeout(done, 100));
    expect(stderr()).toMatch(/session \S+: 20260301_100000_aaaa\.jsonl:2: not JSON/);
  }, 60_000);
});
