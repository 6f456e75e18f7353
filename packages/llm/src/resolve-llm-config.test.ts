import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LlmConfigError } from './llm-config-error.js';
import { resolveLlmConfig } from './resolve-llm-config.js';

let root: string;
let project: string;
let home: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'engram-llm-config-'));
  project = join(root, 'project');
  home = join(root, 'home');
  await mkdir(join(project, '.engram'), { recursive: true });
  await mkdir(home, { recursive: true });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const writeProject = (llm: unknown) => writeFile(join(project, '.engram', 'config.json'), JSON.stringify({ memoryMode: 'copilot', llm }));
const writeGlobal = (llm: unknown) => writeFile(join(home, 'config.json'), JSON.stringify({ llm }));
const resolveWith = (flags = {}, env: Record<string, string> = {}) =>
  resolveLlmConfig({ flags, env, projectDir: project, home, cwd: root });

describe('resolveLlmConfig', () => {
  it('defaults to anthropic with its default models when only the key is set', async () => {
    const c = await resolveWith({}, { ANTHROPIC_API_KEY: 'sk-ant-test-key' });
    expect(c.provider).toEqual({
      type: 'anthropic',
      apiKey: 'sk-ant-test-key',
    });
    expect(c.models).toEqual({
      planning: 'claude-sonnet-5-5',
      coding: 'claude-haiku-5-5',
    });
    expect(c.sources).toEqual({
      provider: 'default',
      planningModel: 'default',
      codingModel: 'default',
    });
  });

  it('takes each setting from flags, then env, then project, then global', async () => {
    await writeGlobal({
      provider: 'anthropic',
      planningModel: 'g-plan',
      codingModel: 'g-code',
      openai: { baseUrl: 'http://global:1/v1' },
    });
    await writeProject({
      provider: 'openai',
      codingModel: 'p-code',
      openai: { structuredMode: 'json_schema' },
    });
    const c = await resolveWith({ codingModel: 'f-code' }, { ENGRAM_PLANNING_MODEL: 'e-plan' });
    expect(c.provider).toEqual({
      type: 'openai',
      baseUrl: 'http://global:1/v1',
      structuredMode: 'json_schema',
    });
    expect(c.models).toEqual({ planning: 'e-plan', coding: 'f-code' });
    expect(c.sources).toEqual({
      provider: 'project',
      planningModel: 'env',
      codingModel: 'flag',
    });
    const env = await resolveWith(
      { llm: 'openai' },
      {
        ENGRAM_LLM: 'anthropic',
        OPENAI_BASE_URL: 'http://env:2/v1',
        OPENAI_API_KEY: 'sk-openai-test',
      },
    );
    expect(env.provider).toEqual({
      type: 'openai',
      baseUrl: 'http://env:2/v1',
      apiKey: 'sk-openai-test',
      structuredMode: 'json_schema',
    });
    expect(env.sources.provider).toBe('flag');
  });

  it('reads the OpenAI key from the variable a config names', async () => {
    await writeProject({
      provider: 'openai',
      planningModel: 'a',
      codingModel: 'b',
      openai: { apiKeyEnv: 'LOCAL_LLM_KEY' },
    });
    const c = await resolveWith({}, { LOCAL_LLM_KEY: 'local-secret-1', OPENAI_API_KEY: 'not-this-one' });
    expect(c.provider).toMatchObject({
      type: 'openai',
      apiKey: 'local-secret-1',
      baseUrl: 'https://api.openai.com/v1',
    });
  });

  it('resolves a scripted cassette against the folder of the config that names it', async () => {
    await writeProject({ provider: 'scripted:cassettes/a.json' });
    const c = await resolveWith();
    expect(c.provider).toEqual({
      type: 'scripted',
      file: join(project, 'cassettes', 'a.json'),
    });
    expect(c.models).toEqual({});
    expect(c.sources.planningModel).toBe('cassette');
    const flag = await resolveWith({
      llm: 'scripted:x.json',
      record: 'r.json',
    }).catch((e: unknown) => e);
    expect(flag).toBeInstanceOf(LlmConfigError);
    expect((await resolveWith({ llm: 'scripted:x.json' })).provider).toEqual({
      type: 'scripted',
      file: join(root, 'x.json'),
    });
  });

  it('refuses settings that cannot work, saying where they came from', async () => {
    await expect(resolveWith({ llm: 'gemini' })).rejects.toThrow(
      '--llm: unknown provider "gemini" (expected anthropic, openai or scripted:FILE)',
    );
    await expect(resolveWith({ llm: 'gemini' })).rejects.toMatchObject({ _tag: 'LlmConfigError', reason: 'unknown-provider' });
    await expect(resolveWith({}, { ENGRAM_LLM: 'scripted:' })).rejects.toThrow(/ENGRAM_LLM: unknown provider/);
    await expect(resolveWith({ llm: 'anthropic' })).rejects.toThrow(/ANTHROPIC_API_KEY/);
    await expect(resolveWith({ llm: 'anthropic' })).rejects.toMatchObject({ _tag: 'LlmConfigError', reason: 'missing-key' });
    await expect(resolveWith({ llm: 'openai', planningModel: 'a' })).rejects.toThrow(/--coding-model/);
    await expect(resolveWith({ llm: 'openai', planningModel: 'a' })).rejects.toMatchObject({ _tag: 'LlmConfigError', reason: 'missing-model' });
    await writeProject({ provider: 'openai', openai: { apiKey: 'sk-leaked' } });
    await expect(resolveWith()).rejects.toThrow(/config\.json: llm: API keys do not belong in config files/);
    await writeProject({ provider: 'openai', timeoutMs: -1 });
    await expect(resolveWith()).rejects.toThrow(/config\.json: llm\.timeoutMs:/);
    await writeProject({});
    await writeFile(join(home, 'config.json'), '{ not json');
    await expect(resolveWith({}, { ANTHROPIC_API_KEY: 'k' })).rejects.toThrow(/home\/config\.json: not JSON/);
    await expect(resolveWith({}, { ANTHROPIC_API_KEY: 'k' })).rejects.toMatchObject({ _tag: 'LlmConfigError', reason: 'bad-file' });
  });
});
