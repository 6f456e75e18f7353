import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { pingService, servePaths } from '@engram/serve/client';
import { readLogFile } from '@engram/store';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ENGRAM, ROOT } from '../cli/run-cli.js';
import { hook, payloadOf, spawnServe, startServe, waitFor, world, type Served } from './serve-harness.js';

const started: Served[] = [];
const serve = async (...args: Parameters<typeof startServe>) => {
  const s = await startServe(...args);
  started.push(s);
  return s;
};

afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await Promise.all(started.map((s) => s.exited));
});

/** Sends raw lines on the socket and resolves to the answer lines (bounded in time). */
const rawExchange = (socket: string, text: string, answers: number): Promise<string[]> =>
  new Promise((done, fail) => {
    const conn = createConnection(socket);
    let got = '';
    const timer = setTimeout(() => {
      conn.destroy();
      fail(new Error(`no ${answers} answers in time; got ${JSON.stringify(got)}`));
    }, 20_000);
    conn.on('connect', () => conn.write(text));
    conn.on('data', (c: Buffer) => {
      got += c.toString('utf8');
      const lines = got.split('\n').filter((l) => l !== '');
      if (lines.length >= answers) {
        clearTimeout(timer);
        conn.destroy();
        done(lines);
      }
    });
    conn.on('error', fail);
  });

describe('engram serve: one private service per home', () => {
  it('starts, answers, makes its folder 0700 and its socket 0600, and stops on SIGTERM, removing its socket and pid file', async () => {
    const w = world('life');
    const s = await serve(w);
    const paths = servePaths(w.home);
    expect(lstatSync(paths.runDir).mode & 0o777).toBe(0o700);
    expect(lstatSync(paths.socket).isSocket()).toBe(true);
    expect(lstatSync(paths.socket).mode & 0o777).toBe(0o600);
    expect(lstatSync(paths.pidFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(paths.pidFile, 'utf8').trim()).toBe(String(s.child.pid));
    expect(await pingService(w.home)).toMatchObject({ pid: s.child.pid, sessions: 0, served: 0 });
    s.child.kill('SIGTERM');
    const exit = await s.exited;
    expect(exit.code).toBe(0);
    expect(exit.stderr).toMatch(/stopped \(SIGTERM\)/);
    expect(existsSync(paths.socket)).toBe(false);
    expect(existsSync(paths.pidFile)).toBe(false);
    expect(readFileSync(paths.logFile, 'utf8')).toMatch(/started: listening on .*\n.*stopped: SIGTERM/);
  });

  it('refuses a second service for the same home (exit 1, names the running one), and the first keeps serving', async () => {
    const w = world('two');
    const first = await serve(w);
    const second = spawnServe(w);
    started.push(second);
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(exit.stderr).toMatch(new RegExp(`another engram serve \\(pid ${first.child.pid}\\) runs for `));
    expect((await pingService(w.home))?.pid).toBe(first.child.pid);
  });

  it('replaces the stale socket a killed service left behind', async () => {
    const w = world('stale');
    const first = await serve(w);
    first.child.kill('SIGKILL');
    await first.exited;
    const paths = servePaths(w.home);
    expect(lstatSync(paths.socket).isSocket()).toBe(true); // left behind
    expect(await pingService(w.home, 1_000)).toBeNull();
    const second = await serve(w);
    expect((await pingService(w.home))?.pid).toBe(second.child.pid);
  });

  it('refuses a socket path that is a symbolic link, and the hook client will not use it either', async () => {
    const w = world('link');
    const paths = servePaths(w.home);
    mkdirSync(paths.runDir, { recursive: true, mode: 0o700 });
    const target = join(w.root, 'elsewhere.sock');
    symlinkSync(target, paths.socket);
    const s = spawnServe(w);
    started.push(s);
    const exit = await s.exited;
    expect(exit.code).toBe(1);
    expect(exit.stderr).toMatch(/engram\.sock is a symbolic link; refusing to listen there/);
    expect(lstatSync(paths.socket).isSymbolicLink()).toBe(true); // left as it was
    expect(existsSync(target)).toBe(false);
    const r = hook(w, 'session-start', 'session-start');
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^engram hook session-start: engram serve did not answer \(.*engram\.sock is a symbolic link; refusing to use it\); handled in this process\n$/);
    expect(r.output?.['hookEventName']).toBe('SessionStart');
  });

  it('answers a bad request with an error, logs it, and goes on serving', async () => {
    const w = world('bad');
    await serve(w);
    const paths = servePaths(w.home);
    const lines = await rawExchange(paths.socket, 'not json\n{"v":7,"kind":"ping"}\n{"v":1,"kind":"hook","event":"pre-tool-call","payload":"{}","flags":{},"env":{}}\n{"v":1,"kind":"ping"}\n', 4);
    const answers = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(answers[0]).toMatchObject({ v: 1, kind: 'error', error: expect.stringMatching(/^request: not valid JSON/) as unknown });
    expect(answers[1]).toMatchObject({ kind: 'error', error: expect.stringMatching(/protocol version 7 is not spoken here \(this service speaks 1\)/) as unknown });
    expect(answers[2]).toMatchObject({ kind: 'error', error: expect.stringMatching(/field "event"/) as unknown });
    expect(answers[3]).toMatchObject({ kind: 'pong' });
    expect(readFileSync(paths.logFile, 'utf8')).toMatch(/bad request: request: not valid JSON/);
    // Connections a client closed are closed by the service too: many more than it serves at once still get answers.
    for (let i = 0; i < 150; i++) expect(await pingService(w.home)).not.toBeNull();
  });

  it('stops by itself after its idle period, removing its socket', async () => {
    const w = world('idle');
    const s = await serve(w, ['--idle-exit-ms', '400']);
    const exit = await s.exited;
    expect(exit.code).toBe(0);
    expect(exit.stderr).toMatch(/stopped \(idle for 400 ms\)/);
    expect(existsSync(servePaths(w.home).socket)).toBe(false);
  });
});

describe('engram hook as a client of engram serve', () => {
  it('starts a service when none runs and handles that call itself; later calls go through the service', async () => {
    const w = world('autostart');
    const first = hook(w, 'session-start', 'session-start');
    expect([first.status, first.stderr]).toEqual([0, '']);
    expect(first.output?.['hookEventName']).toBe('SessionStart');
    await waitFor('the started service', async () => (await pingService(w.home, 1_000)) !== null);
    const pong = await pingService(w.home);
    expect(pong?.served).toBe(0);
    const second = hook(w, 'user-prompt-submit', 'user-prompt-submit');
    expect([second.status, second.stderr]).toEqual([0, '']);
    expect((await pingService(w.home))?.served).toBe(1);
    process.kill(pong?.pid ?? 0, 'SIGTERM');
    await waitFor('the service to stop', () => !existsSync(servePaths(w.home).socket));
  });

  it('ENGRAM_SERVE=0 handles hooks in-process and starts no service', async () => {
    const w = world('off');
    const r = hook(w, 'session-start', 'session-start', {}, { ENGRAM_SERVE: '0' });
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.output?.['hookEventName']).toBe('SessionStart');
    await new Promise((res) => setTimeout(res, 1_500));
    expect(existsSync(join(w.home, 'run'))).toBe(false);
  });

  // Through the launcher, and through the `engram` command (the served-hook client, which hands the hook to another process).
  it.each([
    ['the launcher', [process.execPath, BIN]],
    ['the engram command', [ENGRAM]],
  ])('falls back to in-process handling, with one warning line, when the service is killed mid-call (%s)', async (_how, [file = '', ...before]) => {
    const w = { ...world('killed'), command: file === ENGRAM };
    const s = await serve(w);
    expect(hook(w, 'session-start', 'session-start').stderr).toBe('');
    // Freeze the service, send the hook (the connection is accepted by the kernel, the request waits), then kill it.
    s.child.kill('SIGSTOP');
    const client = spawn(file, [...before, 'hook', 'user-prompt-submit'], { cwd: ROOT, env: w.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    client.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    client.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    client.stdin.end(payloadOf(w, 'user-prompt-submit'));
    await new Promise((r) => setTimeout(r, 1_000));
    expect(client.exitCode).toBeNull(); // still waiting for the frozen service
    s.child.kill('SIGKILL');
    const code = await new Promise<number | null>((r) => client.on('exit', (c) => r(c)));
    expect(code).toBe(0);
    expect(stderr).toMatch(/^engram hook user-prompt-submit: engram serve did not answer \(.*\); handled in this process\n$/);
    expect(stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
    expect(stdout).toBe(''); // memory unchanged since session start: nothing to repeat
    const dir = join(w.project, '.engram', 'events');
    const events = readLogFile(join(dir, readdirSync(dir)[0] ?? '')).events;
    expect(events.filter((e) => e.type === 'executive.turn.started')).toHaveLength(1); // recorded once, by the fallback
  });

  it('a warm session sees what another process wrote to its log before answering', async () => {
    const w = world('other-writer');
    await serve(w);
    const through = (fixture: string, command: string, id: string, env: NodeJS.ProcessEnv = {}) => hook(w, command, fixture, { tool_use_id: id }, env);
    expect(hook(w, 'user-prompt-submit', 'user-prompt-submit').stderr).toBe('');
    // Two failures through the service, the third by an in-process hook (another writer of the same log).
    for (const [i, env] of [[1, {}], [2, {}], [3, { ENGRAM_SERVE: '0' }]] as const) {
      expect(through('pre-tool-use-bash', 'pre-tool-use', `toolu_${i}`, env).stderr).toBe('');
      expect(through('post-tool-use-failure-bash', 'post-tool-use', `toolu_${i}`, env).stderr).toBe('');
    }
    // The service's warm session has seen only two failures; the log holds three: the fourth call is denied.
    const fourth = through('pre-tool-use-bash', 'pre-tool-use', 'toolu_4');
    expect(fourth.stderr).toBe('');
    expect(fourth.output).toMatchObject({ permissionDecision: 'deny' });
    expect(fourth.output?.['permissionDecisionReason']).toMatch(/failed 3 times/);
    const dir = join(w.project, '.engram', 'events');
    const log = readLogFile(join(dir, readdirSync(dir)[0] ?? ''));
    expect(log.problems).toEqual([]);
    expect(log.events.map((e) => e.seq)).toEqual(log.events.map((_, i) => i + 1));
  });

  it('serves concurrent hooks of several sessions; each log stays whole', async () => {
    const w = world('concurrent');
    await serve(w);
    const sessions = ['a', 'b', 'c', 'd'].map((x) => `00000000-0000-4000-8000-00000000000${x}`);
    const one = (session: string, command: string, fixture: string, id: string) =>
      new Promise<{ code: number | null; stderr: string }>((done) => {
        const child = spawn(process.execPath, [BIN, 'hook', command], { cwd: ROOT, env: w.env, stdio: ['pipe', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
        child.stdin.end(payloadOf(w, fixture, { session_id: session, tool_use_id: id }));
        child.on('exit', (code) => done({ code, stderr }));
      });
    await Promise.all(sessions.map((s) => one(s, 'user-prompt-submit', 'user-prompt-submit', '')));
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(sessions.flatMap((s) => [one(s, 'pre-tool-use', 'pre-tool-use-read', `toolu_${round}`), one(s, 'pre-tool-use', 'pre-tool-use-bash', `toolu_x${round}`)]));
      expect(results).toEqual(results.map(() => ({ code: 0, stderr: '' })));
    }
    expect((await pingService(w.home))?.served).toBe(4 + 3 * 8);
    const dir = join(w.project, '.engram', 'events');
    const logs = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
    expect(logs).toHaveLength(4);
    for (const f of logs) {
      const log = readLogFile(join(dir, f));
      expect(log.problems).toEqual([]);
      expect(log.events.map((e) => e.seq)).toEqual(log.events.map((_, i) => i + 1));
      expect(log.events.filter((e) => e.type === 'executive.tool.called')).toHaveLength(6);
    }
  });

  it('the launcher sends a malformed hook call to the full command line: a usage error exits 1', () => {
    const r = spawnSync(process.execPath, [BIN, 'hook', 'pre-tool-use', '--bogus'], { cwd: ROOT, encoding: 'utf8', input: '{}', env: { ...process.env, ENGRAM_SERVE: '0' } });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/unknown option '--bogus'/);
  });
});

/**
 * Through the `engram` command (bin/engram, what Claude Code's settings name): with the home's
 * service up it starts the small served-hook client, which must handle every way of not being
 * answered as the launcher's hook does.
 */
describe('engram hook through the engram command, as the served-hook client', () => {
  const explain = (w: ReturnType<typeof world>) => spawnSync(ENGRAM, ['--explain-start', 'hook', 'session-start'], { encoding: 'utf8', env: w.env }).stdout;

  it('a stale socket of a killed service: the hook runs in another process, a service is started, the next hook is served', async () => {
    const w = { ...world('client-stale'), command: true };
    const first = await serve(w);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(lstatSync(servePaths(w.home).socket).isSocket()).toBe(true);
    expect(explain(w)).toMatch(/^client: .*hook-client-main\.cjs/);
    const r = hook(w, 'session-start', 'session-start');
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.output?.['hookEventName']).toBe('SessionStart');
    expect(r.output?.['additionalContext']).toMatch(/Run the unit tests/);
    await waitFor('the started service', async () => (await pingService(w.home, 1_000)) !== null);
    const second = hook(w, 'user-prompt-submit', 'user-prompt-submit');
    expect([second.status, second.stderr]).toEqual([0, '']);
    expect((await pingService(w.home))?.served).toBe(1);
    const dir = join(w.project, '.engram', 'events');
    const log = readLogFile(join(dir, readdirSync(dir).filter((f) => f.endsWith('.jsonl'))[0] ?? ''));
    expect(log.problems).toEqual([]);
    expect(log.events.filter((e) => e.type === 'executive.turn.started')).toHaveLength(1);
    process.kill((await pingService(w.home))?.pid ?? 0, 'SIGTERM');
    await waitFor('the service to stop', () => !existsSync(servePaths(w.home).socket));
  });

  it('a command line that is not a plain hook call goes to the full CLI: a usage error exits 1', async () => {
    const w = world('client-usage');
    await serve(w);
    expect(spawnSync(ENGRAM, ['--explain-start', 'hook', 'pre-tool-use', '--bogus'], { encoding: 'utf8', env: w.env }).stdout).toMatch(/^client: /);
    const r = spawnSync(ENGRAM, ['hook', 'pre-tool-use', '--bogus'], { cwd: ROOT, encoding: 'utf8', input: '{}', env: w.env });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/unknown option '--bogus'/);
    expect((await pingService(w.home))?.served).toBe(0);
  });
});
