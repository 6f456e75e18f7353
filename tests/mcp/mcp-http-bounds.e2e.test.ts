import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpServer, type HttpServerProcess } from './mcp-clients.js';

/** The stop the issue asks for: SIGTERM to a gone process, whatever clients hold. */
const STOP_LIMIT_MS = 2_000;
/** The server's session cap (MAX_SESSIONS in packages/mcp/src/serve-http.ts). */
const MAX_SESSIONS = 32;

const dirs: string[] = [];
const sockets: Socket[] = [];
let server: HttpServerProcess | null = null;
const tmp = (what: string): string => {
  const d = mkdtempSync(join(tmpdir(), `engram-mcpb-${what}-`));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
  if (server !== null) {
    server.child.kill('SIGKILL');
    server = null;
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'flood', version: '0' } } });
const PING = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });

/** One POST to the MCP endpoint; resolves to the status and session id header (bounded: 20 s). */
const post = (url: URL, body: string, sessionId?: string): Promise<{ status: number; sessionId: string | undefined }> =>
  new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    if (sessionId !== undefined) Object.assign(headers, { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' });
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, timeout: 20_000 }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, sessionId: res.headers['mcp-session-id'] as string | undefined }));
    });
    req.once('timeout', () => req.destroy(new Error('no answer in 20 s')));
    req.once('error', reject);
    req.end(body);
  });

/** A raw TCP connection to the server that never closes its side by itself. */
const raw = (url: URL): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = connect({ host: url.hostname, port: Number(url.port), allowHalfOpen: true });
    sockets.push(s);
    s.on('error', () => undefined);
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });

const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

describe('engram mcp --http stays bounded and stops whatever its clients do', () => {
  it(`stops within ${STOP_LIMIT_MS} ms of SIGTERM while clients hold an idle connection, half a request line, half a body and an event stream`, async () => {
    server = await startHttpServer(tmp('home'), tmp('project'));
    const url = new URL(server.url);
    const { sessionId } = await post(url, INIT);
    expect(sessionId).toBeDefined();
    await raw(url); // idle
    (await raw(url)).write(`POST ${url.pathname} HTTP/1.1\r\nHost: 127.0.0.1:${url.port}\r\nContent-Ty`); // half the headers
    (await raw(url)).write(`POST ${url.pathname} HTTP/1.1\r\nHost: 127.0.0.1:${url.port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 5000\r\n\r\n{"jsonrpc":`); // half a body
    (await raw(url)).write(`GET ${url.pathname} HTTP/1.1\r\nHost: 127.0.0.1:${url.port}\r\nAccept: text/event-stream\r\nmcp-session-id: ${sessionId}\r\nmcp-protocol-version: 2025-06-18\r\n\r\n`); // an event stream
    await new Promise((r) => setTimeout(r, 300));
    const child = server.child;
    const t0 = Date.now();
    child.kill('SIGTERM');
    const code = await Promise.race([new Promise<number | null>((r) => child.once('exit', (c) => r(c))), new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10_000))]);
    const stopMs = Date.now() - t0;
    process.stderr.write(`mcp --http stop with 4 held connections and 1 session: ${stopMs} ms\n`);
    server = null;
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(STOP_LIMIT_MS);
  });

  it(`a flood of sessions never ended keeps at most ${MAX_SESSIONS} open (the oldest idle ones shed) and memory bounded`, async () => {
    server = await startHttpServer(tmp('home'), tmp('project'));
    const url = new URL(server.url);
    const pid = server.child.pid ?? 0;
    const first = await post(url, INIT);
    expect(first.status).toBe(200);
    const before = rssOf(pid);
    const FLOOD = 120;
    const ids: string[] = [];
    for (let i = 0; i < FLOOD; i++) {
      const r = await post(url, INIT);
      expect(r.status).toBe(200);
      ids.push(r.sessionId ?? '');
    }
    await new Promise((r) => setTimeout(r, 500));
    const after = rssOf(pid);
    const alive = [];
    for (const id of [first.sessionId ?? '', ...ids]) alive.push((await post(url, PING, id)).status !== 404);
    const open = alive.filter(Boolean).length;
    const mib = (n: number) => Math.round(n / 1024 / 1024);
    process.stderr.write(`mcp --http flood: ${FLOOD + 1} sessions opened; ${open} open after; RSS ${mib(before)} -> ${mib(after)} MiB\n`);
    expect(open).toBe(MAX_SESSIONS);
    // The newest sessions are the ones kept; the first (unused longest) went first.
    expect(alive[0]).toBe(false);
    expect(alive.slice(-MAX_SESSIONS).every(Boolean)).toBe(true);
    expect(after - before).toBeLessThan(64 * 1024 * 1024);
    expect(server.stderr()).toMatch(/32 sessions open: ended session /);
  });
});
