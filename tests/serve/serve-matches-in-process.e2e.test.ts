import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOOK_COMMANDS, pingService } from '@engram/serve/client';
import { readLogFile } from '@engram/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGRAM, ROOT } from '../cli/run-cli.js';
import { hook, normalizedLog, normalizedRun, startServe, world, type HookRun, type Served, type World } from './serve-harness.js';

const FALLBACKS = [{ tool: 'Read', match: { target: '*.cbl' }, steps: [{ name: 'utf-8', patch: {} }, { name: 'latin-1', patch: { encoding: 'latin-1' } }] }];

/** The hook sequence of tests/hook/hook-cli.e2e.test.ts: a breaker warning and denial, a fallback chain, learning at Stop, then a second turn. */
const runSequence = async (w: World & { readonly command?: boolean }, between: () => Promise<void> = () => Promise.resolve()): Promise<HookRun[]> => {
  mkdirSync(join(w.project, '.engram'), { recursive: true });
  writeFileSync(join(w.project, '.engram', 'fallbacks.json'), JSON.stringify(FALLBACKS));
  const runs: HookRun[] = [];
  const step = async (command: string, fixture: string, override: Record<string, unknown> = {}) => {
    runs.push(hook(w, command, fixture, override));
    await between();
  };
  await step('session-start', 'session-start');
  await step('user-prompt-submit', 'user-prompt-submit');
  for (const i of [1, 2, 3, 4]) {
    await step('pre-tool-use', 'pre-tool-use-bash', { tool_use_id: `toolu_bash_${i}` });
    if (i < 4) await step('post-tool-use', 'post-tool-use-failure-bash', { tool_use_id: `toolu_bash_${i}` });
  }
  await step('pre-tool-use', 'pre-tool-use-read', { tool_use_id: 'toolu_read_1' });
  await step('post-tool-use', 'post-tool-use-failure-read', { tool_use_id: 'toolu_read_1' });
  await step('pre-tool-use', 'pre-tool-use-read', { tool_use_id: 'toolu_read_2', tool_input: { file_path: join(w.project, 'legacy', 'PAYROLL.cbl'), encoding: 'latin-1' } });
  await step('post-tool-use', 'post-tool-use-read', { tool_use_id: 'toolu_read_2' });
  await step('pre-tool-use', 'pre-tool-use-read', { tool_use_id: 'toolu_read_3', tool_input: { file_path: join(w.project, 'legacy', 'LEDGER.cbl') } });
  await step('stop', 'stop');
  // The second turn: memory changed (the lesson), so the prompt shows the block again.
  await step('user-prompt-submit', 'user-prompt-submit', { prompt: 'Now run the tests.' });
  await step('pre-tool-use', 'pre-tool-use-bash', { tool_use_id: 'toolu_bash_5' });
  await step('post-tool-use', 'post-tool-use-failure-bash', { tool_use_id: 'toolu_bash_5' });
  await step('stop', 'stop');
  return runs;
};

const logOf = (w: World) => {
  const dir = join(w.project, '.engram', 'events');
  const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  expect(files).toHaveLength(1);
  const log = readLogFile(join(dir, files[0] ?? ''));
  expect(log.problems).toEqual([]);
  return log.events;
};

describe('engram hook through engram serve answers as the in-process hook does', () => {
  const inProcess = world('in-process');
  const warm = world('warm');
  const suspended = world('suspended');
  // Through the `engram` command, which starts the small served-hook client when the service runs.
  const client = { ...world('client'), command: true };
  const services: Served[] = [];
  let clientStarts: string[] = [];
  const runs = new Map<World, HookRun[]>();

  beforeAll(async () => {
    runs.set(inProcess, await runSequence({ ...inProcess, env: { ...inProcess.env, ENGRAM_SERVE: '0' } }));
    services.push(await startServe(warm));
    runs.set(warm, await runSequence(warm));
    // Sessions suspended between hooks: each hook resumes its session from the log inside the service.
    services.push(await startServe(suspended, ['--idle-suspend-ms', '40']));
    runs.set(suspended, await runSequence(suspended, () => new Promise((r) => setTimeout(r, 300))));
    services.push(await startServe(client));
    clientStarts = HOOK_COMMANDS.map((name) => spawnSync(ENGRAM, ['--explain-start', 'hook', name], { encoding: 'utf8', env: client.env }).stdout.split('\n')[0] ?? '');
    runs.set(client, await runSequence(client));
  }, 600_000);

  afterAll(async () => {
    for (const s of services) s.child.kill('SIGTERM');
    await Promise.all(services.map((s) => s.exited));
  });

  it('no service ran for the in-process world, and the services served every hook of theirs', async () => {
    expect(await pingService(inProcess.home, 1_000)).toBeNull();
    expect(readdirSync(inProcess.home)).not.toContain('run');
    for (const w of [warm, suspended, client]) expect((await pingService(w.home))?.served).toBe(runs.get(w)?.length);
  });

  it('the engram command started each hook of the client world as the served-hook client', () => {
    expect(clientStarts).toEqual(HOOK_COMMANDS.map(() => `client: ${ROOT}/apps/cli/bin/../dist/bundle/hook-client/hook-client-main.cjs (engram serve at ${join(client.home, 'run/engram.sock')})`));
  });

  it('prints the same answers, exit codes and stderr, hook by hook', () => {
    const expected = (runs.get(inProcess) ?? []).map((r) => normalizedRun(r, inProcess));
    // The sequence is not trivial: a warning, a denial, a fallback step, an updated input.
    expect(expected.map((r) => r.stdout).join('')).toMatch(/"permissionDecision":"deny"/);
    expect(expected.map((r) => r.stdout).join('')).toMatch(/"updatedInput"/);
    expect((runs.get(warm) ?? []).map((r) => normalizedRun(r, warm))).toEqual(expected);
    expect((runs.get(suspended) ?? []).map((r) => normalizedRun(r, suspended))).toEqual(expected);
    expect((runs.get(client) ?? []).map((r) => normalizedRun(r, client))).toEqual(expected);
  });

  it('writes the same event log', () => {
    const expected = normalizedLog(logOf(inProcess), inProcess);
    expect(expected.length).toBeGreaterThan(40);
    expect(normalizedLog(logOf(warm), warm)).toEqual(expected);
    expect(normalizedLog(logOf(suspended), suspended)).toEqual(expected);
    expect(normalizedLog(logOf(client), client)).toEqual(expected);
  });

  it('suspends idle sessions: the suspended world\'s service holds none, the warm one keeps its session', async () => {
    expect((await pingService(suspended.home))?.sessions).toBe(0);
    expect((await pingService(warm.home))?.sessions).toBe(1);
  });
});
