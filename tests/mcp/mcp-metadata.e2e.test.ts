// What an MCP host reads before any call: the server's version and each tool's annotations (hosts
// decide from readOnlyHint / destructiveHint whether to ask the user), through the official client.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';
import { connectStdio } from './mcp-clients.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const READ_ONLY = ['memory_context', 'recall', 'recall_skill'];

describe('engram mcp metadata', () => {
  it('reports the packages\' version and annotates every tool (read-only ones as such, none destructive, none open-world)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-mcp-meta-'));
    dirs.push(root);
    const c = await connectStdio(join(root, 'home'), join(root, 'project'));
    try {
      const version = (JSON.parse(readFileSync(join(ROOT, 'packages/mcp/package.json'), 'utf8')) as { version: string }).version;
      expect(c.client.getServerVersion()).toMatchObject({ name: 'engram', version });
      const { tools } = await c.client.listTools();
      expect(tools.length).toBeGreaterThanOrEqual(8);
      for (const t of tools) {
        const a = t.annotations;
        expect(a, t.name).toBeDefined();
        for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) expect(typeof a?.[hint], `${t.name}.${hint}`).toBe('boolean');
        expect(a?.readOnlyHint, t.name).toBe(READ_ONLY.includes(t.name));
        expect(a?.destructiveHint, t.name).toBe(false);
        expect(a?.openWorldHint, t.name).toBe(false);
      }
      expect(tools.find((t) => t.name === 'memorize')?.annotations?.idempotentHint).toBe(true);
    } finally {
      await c.close();
    }
  }, 60_000);
});
