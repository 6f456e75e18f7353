import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { pingService, servePaths } from '@engram/serve/client';
import { afterAll, describe, expect, it } from 'vitest';
import { hook, startServe, waitFor, world, type Served } from './serve-harness.js';

/** The stop the issue asks for: SIGTERM or the idle exit to a gone process, whatever clients hold. */
const STOP_LIMIT_MS = 2_000;

const started: Served[] = [];
const serve = async (...args: Parameters<typeof startServe>) => {
  const s = await startServe(...args);
  started.push(s);
  return s;
};
const sockets: Socket[] = [];

afterAll(async () => {
  for (const c of sockets) c.destroy();
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await Promise.all(started.map((s) => s.exited));
});

/**
 * A client connection, resolved once connected; it records whether the service closed it. It
 * never closes its side by itself (half-open allowed), as a stalled or hostile client does not.
 */
const connect = (socket: string): Promise<{ readonly conn: Socket; readonly closed: () => boolean }> =>
  new Promise((done, fail) => {
    const conn = createConnection({ path: socket, allowHalfOpen: true });
    sockets.push(conn);
    let closed = false;
    // The service's side gone (its FIN or a reset): the slot is no longer held.
    conn.on('end', () => (closed = true));
    conn.on('close', () => (closed = true));
    conn.on('error', () => undefined);
    conn.once('connect', () => done({ conn, closed: () => closed }));
    conn.once('error', fail);
  });

const half = '{"v":1,"kind":"ping"'; // half a request line: no newline, ever

describe('engram serve stays bounded and stops whatever its clients do', () => {
  it(`stops within ${STOP_LIMIT_MS} ms of SIGTERM while an idle client and a half-sent line hold connections, removing serve.pid`, async () => {
    const w = world('held');
    const s = await serve(w);
    const paths = servePaths(w.home);
    await connect(paths.socket);
    const { conn } = await connect(paths.socket);
    conn.write(half);
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    s.child.kill('SIGTERM');
    const exit = await Promise.race([s.exited, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
    const stopMs = Date.now() - t0;
    process.stderr.write(`serve stop with 2 held connections: ${stopMs} ms\n`);
    expect(exit?.code).toBe(0);
    expect(stopMs).toBeLessThan(STOP_LIMIT_MS);
    expect(existsSync(paths.pidFile)).toBe(false);
    expect(existsSync(paths.socket)).toBe(false);
  });

  it('the idle exit happens while a client holds a connection open', async () => {
    const w = world('idleheld');
    const s = await serve(w, ['--idle-exit-ms', '400']);
    const paths = servePaths(w.home);
    const { conn } = await connect(paths.socket);
    conn.write(half);
    const exit = await Promise.race([s.exited, new Promise<null>((r) => setTimeout(() => r(null), 400 + STOP_LIMIT_MS + 1_000))]);
    expect(exit?.stderr).toMatch(/stopped \(idle for 400 ms\)/);
    expect(existsSync(paths.pidFile)).toBe(false);
  });

  it('a flood of idle clients and held half-lines keeps connections and memory bounded, and a ping still gets through', async () => {
    const w = world('flood');
    const s = await serve(w);
    const paths = servePaths(w.home);
    const before = await pingService(w.home, 5_000);
    expect(before).not.toBeNull();
    const clients = [];
    const FLOOD = 120;
    for (let i = 0; i < FLOOD; i++) clients.push(await connect(paths.socket));
    // 16 clients each hold 20 MB of a line that never ends (the 16 held lines).
    const chunk = Buffer.alloc(20 * 1024 * 1024, 0x61);
    const writers = [];
    for (let i = 0; i < 16; i++) {
      const c = await connect(paths.socket);
      clients.push(c);
      c.conn.write('{"v":1,"kind":"ping","pad":"');
      writers.push(new Promise<void>((r) => c.conn.write(chunk, () => r())).catch(() => undefined));
    }
    await Promise.race([Promise.all(writers), new Promise((r) => setTimeout(r, 15_000))]);
    await new Promise((r) => setTimeout(r, 500));
    const after = await pingService(w.home, 10_000);
    expect(after).not.toBeNull();
    const held = clients.filter((c) => !c.closed()).length;
    const mib = (n: number) => Math.round(n / 1024 / 1024);
    process.stderr.write(`serve flood: ${FLOOD} idle + 16 x 20 MB half-lines; held ${held}; RSS ${mib(before?.rssBytes ?? 0)} -> ${mib(after?.rssBytes ?? 0)} MiB\n`);
    expect(held).toBeLessThanOrEqual(32);
    expect((after?.rssBytes ?? 0) - (before?.rssBytes ?? 0)).toBeLessThan(200 * 1024 * 1024);
    for (const c of clients) c.conn.destroy();
    s.child.kill('SIGTERM');
    expect((await s.exited).code).toBe(0);
  });

  it('a hook that finds a fresh pid file naming a process that is not engram starts a new service', async () => {
    const w = world('stalepid');
    const paths = servePaths(w.home);
    mkdirSync(paths.runDir, { recursive: true, mode: 0o700 });
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      writeFileSync(paths.pidFile, `${other.pid}\n`, { mode: 0o600 });
      const r = hook(w, 'session-start', 'session-start');
      expect(r.status).toBe(0);
      await waitFor('a service to start', async () => {
        const pong = await pingService(w.home, 2_000);
        return pong !== null && pong.pid !== other.pid;
      });
      const pong = await pingService(w.home, 2_000);
      if (pong !== null) process.kill(pong.pid, 'SIGTERM');
      await waitFor('the service to stop', () => !existsSync(paths.socket), 5_000);
    } finally {
      other.kill('SIGKILL');
    }
  });
});
