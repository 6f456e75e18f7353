// `--llm openai` against a local server that serves one model needs no model flags (issue 26): the
// CLI asks the server's /v1/models, uses its only model and says so on stderr.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAKE_KEY, startFakeLlmServer } from '@engram/llm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../cli/run-cli.js';

const WITHIN_MS = 60_000;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** `engram chat --llm openai` through pipes, with no model flag (the server must keep answering meanwhile: no spawnSync). */
const chat = (baseUrl: string, input: string): Promise<{ code: number | null; stdout: string; stderr: string }> => {
  const root = mkdtempSync(join(tmpdir(), 'engram-one-model-'));
  dirs.push(root);
  const child = spawn(process.execPath, [BIN, 'chat', '--llm', 'openai', '--home', join(root, 'home'), '--project', join(root, 'project')], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', HOME: root, ENGRAM_SERVE: '0', OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: FAKE_KEY },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(input);
  const killer = setTimeout(() => child.kill('SIGKILL'), WITHIN_MS - 5_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    }),
  );
};

describe('--llm openai with no model flags', () => {
  it('uses the only model the server serves, and says so on stderr', async () => {
    const server = await startFakeLlmServer({ models: ['local-one'] });
    try {
      server.setFallback(() => ({ kind: 'text', text: 'Hello from the one model.' }));
      const r = await chat(server.openAiUrl, 'Hello\n/exit\n');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`engram chat: using local-one, the only model ${server.openAiUrl} serves, for planning and coding`);
      expect(r.stdout).toContain('Hello from the one model.');
      const asked = server.requests.filter((q) => q.api === 'openai').map((q) => q.body['model']);
      expect(asked.length).toBeGreaterThan(0);
      expect(new Set(asked)).toEqual(new Set(['local-one']));
    } finally {
      await server.close();
    }
  }, WITHIN_MS);

  it('exits 2 naming the models and the flags when the server serves more than one', async () => {
    const server = await startFakeLlmServer({ models: ['a-model', 'b-model'] });
    try {
      const r = await chat(server.openAiUrl, '/exit\n');
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/serves 2 models \(a-model, b-model\): say which\): pass --planning-model and --coding-model/);
      expect(server.requests.filter((q) => q.api === 'openai')).toEqual([]);
    } finally {
      await server.close();
    }
  }, WITHIN_MS);
});
