import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAKE_KEY, startFakeLlmServer, type FakeLlmServer } from '@engram/llm/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT, runEngram } from './run-engram.js';

const FIXTURES = join(ROOT, 'tests/fixtures/llm');

let server: FakeLlmServer;
let dir: string;
/** No real key, no real home: the CLI sees only what each test gives it. */
let baseEnv: Record<string, string>;

beforeAll(async () => {
  server = await startFakeLlmServer();
  dir = await mkdtemp(join(tmpdir(), 'engram-llm-e2e-'));
  baseEnv = { HOME: dir, ENGRAM_HOME: join(dir, 'home') };
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  server.reset();
  server.setFallback(() => ({ kind: 'tool', input: { ok: true } }));
});

const openAiEnv = () => ({
  ...baseEnv,
  OPENAI_BASE_URL: server.openAiUrl,
  OPENAI_API_KEY: FAKE_KEY,
});
const MODELS = ['--planning-model', 'local-plan', '--coding-model', 'local-code'];

describe('engram llm check', () => {
  it('reports an OpenAI-compatible local server that answers (exit 0)', async () => {
    const r = await runEngram(['llm', 'check', '--llm', 'openai', ...MODELS], {
      env: openAiEnv(),
      cwd: dir,
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`provider  openai (${server.openAiUrl})  [from flag]`);
    expect(r.stdout).toMatch(/^planning {2}local-plan {2}\[from flag\] {2}ok \(\d+ ms\)$/m);
    expect(r.stdout).toMatch(/^coding {4}local-code {2}\[from flag\] {2}ok \(\d+ ms\)$/m);
    expect(server.requests.map((q) => q.body['model'])).toEqual(['local-plan', 'local-code']);
  });

  it('reports Anthropic through the SDK as JSON, with default models and estimated cost', async () => {
    const env = {
      ...baseEnv,
      ANTHROPIC_API_KEY: FAKE_KEY,
      ANTHROPIC_BASE_URL: server.url,
    };
    const r = await runEngram(['llm', 'check', '--json'], { env, cwd: dir });
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as {
      ok: boolean;
      provider: string;
      target: string;
      models: unknown;
      sources: unknown;
      checks: { role: string; ok: boolean; costUsd: number }[];
    };
    expect(out).toMatchObject({
      ok: true,
      provider: 'anthropic',
      target: server.url,
      models: { planning: 'claude-sonnet-5-5', coding: 'claude-haiku-5-5' },
    });
    expect(out.sources).toEqual({
      provider: 'default',
      planningModel: 'default',
      codingModel: 'default',
    });
    expect(out.checks.map((c) => [c.role, c.ok])).toEqual([
      ['planning', true],
      ['coding', true],
    ]);
    expect(out.checks.every((c) => c.costUsd > 0)).toBe(true);
    expect(server.requests.every((q) => q.api === 'anthropic' && q.headers.authorization === `Bearer ${FAKE_KEY}`)).toBe(true);
    expect(r.stdout).not.toContain(FAKE_KEY);
  });

  it('exits 1 with the reason when the provider refuses, never printing the key', async () => {
    const wrong = 'sk-ant-wrong-0000000000';
    const env = {
      ...baseEnv,
      ANTHROPIC_API_KEY: wrong,
      ANTHROPIC_BASE_URL: server.url,
    };
    const r = await runEngram(['llm', 'check'], { env, cwd: dir });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^planning .*FAILED auth: anthropic: 401/m);
    expect(r.stdout + r.stderr).not.toContain(wrong);
  });

  it('reads the project config and says where each setting came from', async () => {
    const project = join(dir, 'project');
    await mkdir(join(project, '.engram'), { recursive: true });
    await writeFile(
      join(project, '.engram', 'config.json'),
      JSON.stringify({
        llm: {
          provider: 'openai',
          planningModel: 'cfg-plan',
          codingModel: 'cfg-code',
          openai: { baseUrl: server.openAiUrl },
        },
      }),
    );
    const r = await runEngram(['llm', 'check', '--json', '--coding-model', 'flag-code'], {
      env: { ...baseEnv, OPENAI_API_KEY: FAKE_KEY },
      cwd: project,
    });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      models: { planning: 'cfg-plan', coding: 'flag-code' },
      sources: {
        provider: 'project',
        planningModel: 'project',
        codingModel: 'flag',
      },
    });
  });

  it('records a cassette with --record, then replays it offline with --llm scripted:FILE', async () => {
    const file = join(dir, 'check.cassette.json');
    const rec = await runEngram(['llm', 'check', '--llm', 'openai', ...MODELS, '--record', file, '--json'], { env: openAiEnv(), cwd: dir });
    expect(rec.status).toBe(0);
    expect(JSON.parse(rec.stdout)).toMatchObject({ record: file });
    expect(await readFile(file, 'utf8')).not.toContain(FAKE_KEY);
    const asked = server.requests.length;
    const replay = await runEngram(['llm', 'check', '--llm', `scripted:${file}`], { env: baseEnv, cwd: dir });
    expect(replay.status).toBe(0);
    expect(replay.stdout).toContain(`provider  scripted (${file})  [from flag]`);
    expect(replay.stdout).toMatch(/^planning {2}local-plan {2}\[from cassette\] {2}ok/m);
    expect(server.requests.length).toBe(asked);
  });

  it('replays a hand-written cassette from ENGRAM_LLM', async () => {
    const r = await runEngram(['llm', 'check'], {
      env: {
        ...baseEnv,
        ENGRAM_LLM: `scripted:${join(FIXTURES, 'check-any-role.cassette.json')}`,
      },
      cwd: dir,
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^coding {4}fixture-planner {2}\[from cassette\] {2}ok/m);
  });

  it('a cassette miss fails the check, naming the unmatched request', async () => {
    const file = join(FIXTURES, 'check-planning-only.cassette.json');
    const r = await runEngram(['llm', 'check', '--llm', `scripted:${file}`], {
      env: baseEnv,
      cwd: dir,
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^planning .* ok/m);
    expect(r.stdout).toMatch(
      new RegExp(
        `^coding .*FAILED cassette_miss: no recorded answer in ${file} matches request hash=[0-9a-f]{16} \\(purpose check, role coding, forced tool LlmCheck`,
        'm',
      ),
    );
  });

  it('bad settings are usage errors (exit 2)', async () => {
    const missing = await runEngram(['llm', 'check', '--llm', `scripted:${join(dir, 'nope.json')}`], { env: baseEnv, cwd: dir });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('nope.json: no such file');
    const noModels = await runEngram(['llm', 'check', '--llm', 'openai'], {
      env: openAiEnv(),
      cwd: dir,
    });
    expect(noModels.status).toBe(2);
    expect(noModels.stderr).toContain('--planning-model');
    const badTimeout = await runEngram(['llm', 'check', '--timeout', 'soon'], {
      env: baseEnv,
      cwd: dir,
    });
    expect(badTimeout.status).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
});
