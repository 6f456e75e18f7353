import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer, type EngramMcpServer } from './create-mcp-server.js';
import { isLoopbackHost, loopbackRequestProblem } from './loopback-host.js';
import { MAX_MESSAGE_BYTES } from './message-limits.js';
import { openMcpBrain, type McpRoots } from './open-mcp-brain.js';
import { endSession } from './end-session.js';

/** The one path the server answers on (the MCP spec's usual endpoint). */
export const MCP_PATH = '/mcp';

/**
 * A client session with no request for this long is closed (settled, its log ended): an HTTP
 * client can vanish without the DELETE that ends its session, and each open session holds a
 * bus, a log and memory stores. Half an hour outlasts any pause of a working agent.
 */
export const DEFAULT_IDLE_MS = 30 * 60 * 1000;

/**
 * Client sessions open at once. Each holds a bus, a log and memory stores (about 90 KiB); an
 * agent host opens one or two, so this many is a crowd of hosts or a client that never ends its
 * sessions. A new session past it sheds the one unused longest that has no request in flight.
 */
const MAX_SESSIONS = 32;
/** TCP connections held at once: every session with a request and an event stream, and some to spare. */
const MAX_CONNECTIONS = 2 * MAX_SESSIONS + 16;
/**
 * A request's headers must arrive within this long, and all of it within REQUEST_TIMEOUT_MS:
 * a local client sends a whole request at once, so a half-sent one is a stalled or hostile client
 * holding a connection. (The event stream a client reads is a response, not bounded by these.)
 */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** How often Node checks those timeouts (its default, 30 s, lets a stalled request outlive them by that much). */
const TIMEOUT_CHECK_MS = 1_000;

export interface HttpServeOptions extends McpRoots {
  /** Default 127.0.0.1. Anything but a loopback address needs `allowRemote`. */
  readonly host?: string | undefined;
  /** 0 picks a free port (see `url`). */
  readonly port: number;
  /**
   * Listen on a non-loopback address. The server has no authentication: whoever reaches the
   * port can read the memory files and write memories that every later prompt will carry.
   */
  readonly allowRemote?: boolean | undefined;
  readonly idleMs?: number | undefined;
  readonly warn?: (message: string) => void;
}

export interface HttpMcpServer {
  /** Where clients connect, e.g. http://127.0.0.1:3917/mcp. */
  readonly url: string;
  /** The engram session ids of the client sessions open now. */
  sessions(): readonly string[];
  /** Stops listening and settles and closes every open session. */
  close(): Promise<void>;
}

interface Entry {
  readonly transport: StreamableHTTPServerTransport;
  readonly mcp: EngramMcpServer;
  lastSeen: number;
  /** Requests of this session being answered now (an open event stream counts). */
  active: number;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

const jsonError = (res: ServerResponse, status: number, message: string): void => {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
};

/** The request's body as JSON, or null when it is too big (413 sent) or not JSON (400 sent). */
const readJson = async (req: IncomingMessage, res: ServerResponse): Promise<{ readonly body: unknown } | null> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_MESSAGE_BYTES) {
      jsonError(res, 413, `request body larger than ${MAX_MESSAGE_BYTES} bytes`);
      req.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  try {
    return { body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch {
    jsonError(res, 400, 'Parse error: the body is not JSON');
    return null;
  }
};

/**
 * `engram mcp --http`: MCP over streamable HTTP on one path, one engram session per MCP
 * session (created by an `initialize` request, named by the `mcp-session-id` header). A session
 * ends with the client's DELETE, after `idleMs` without a request, or when the server closes;
 * each time it is settled and its log ended. On a loopback address, requests whose Host or
 * Origin is not loopback are refused (DNS rebinding: a web page must not reach the server).
 */
export const serveHttp = async (options: HttpServeOptions): Promise<HttpMcpServer> => {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && options.allowRemote !== true)
    throw new Error(`refusing to listen on ${host}: the MCP server has no authentication, so anyone who reaches it could read and write this memory; use a loopback address (127.0.0.1, ::1, localhost) or pass --allow-remote`);
  const warn = options.warn ?? (() => undefined);
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const brain = await openMcpBrain(options);
  const entries = new Map<string, Entry>();
  const closing = new Set<Promise<void>>();

  const end = (id: string, entry: Entry): void => {
    if (entries.get(id) === entry) entries.delete(id);
    const p = endSession(entry.mcp.session, warn);
    closing.add(p);
    void p.finally(() => closing.delete(p));
  };

  /** Ends the session unused longest among those with no request in flight; false when every one is busy. */
  const shedOldestIdle = (): boolean => {
    let oldest: Entry | null = null;
    for (const e of entries.values()) if (e.active === 0 && (oldest === null || e.lastSeen < oldest.lastSeen)) oldest = e;
    if (oldest === null) return false;
    warn(`${MAX_SESSIONS} sessions open: ended session ${oldest.mcp.session.id}, unused the longest`);
    const id = oldest.transport.sessionId;
    if (id !== undefined) entries.delete(id);
    void oldest.transport.close();
    return true;
  };

  const open = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    const mcp = createMcpServer(brain);
    let entry: Entry | null = null;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      maxRequestBodySize: MAX_MESSAGE_BYTES,
      onsessioninitialized: (id) => {
        entry = { transport, mcp, lastSeen: Date.now(), active: 0 };
        entries.set(id, entry);
      },
    });
    transport.onerror = (err) => warn(`transport: ${messageOf(err)}`);
    // A DELETE, an idle close or the server's close all close the transport: the session ends then.
    mcp.server.server.onclose = () => {
      if (entry !== null && transport.sessionId !== undefined) end(transport.sessionId, entry);
      else void endSession(mcp.session, warn);
    };
    await mcp.server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== MCP_PATH) return jsonError(res, 404, `not found: the MCP endpoint is ${MCP_PATH}`);
    if (isLoopbackHost(host)) {
      const problem = loopbackRequestProblem(req.headers.host, req.headers.origin);
      if (problem !== null) return jsonError(res, 403, problem);
    }
    const sid = req.headers['mcp-session-id'];
    if (typeof sid === 'string') {
      const entry = entries.get(sid);
      if (entry === undefined) return jsonError(res, 404, `no MCP session ${sid} (it ended or never began): initialize a new one`);
      entry.lastSeen = Date.now();
      entry.active++;
      res.once('close', () => {
        entry.active--;
        entry.lastSeen = Date.now();
      });
      return entry.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return jsonError(res, 400, 'a request without an mcp-session-id header must be an initialize POST');
    const parsed = await readJson(req, res);
    if (parsed === null) return;
    if (!isInitializeRequest(parsed.body)) return jsonError(res, 400, 'a request without an mcp-session-id header must be an initialize request');
    if (entries.size >= MAX_SESSIONS && !shedOldestIdle()) return jsonError(res, 503, `${MAX_SESSIONS} MCP sessions are open, each answering a request now: try again shortly`);
    return open(req, res, parsed.body);
  };

  const http = createServer({ headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_MS }, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      warn(`request failed: ${messageOf(err)}`);
      jsonError(res, 500, `engram: ${messageOf(err)}`);
    });
  });
  http.maxConnections = MAX_CONNECTIONS;
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => {
      http.off('error', reject);
      resolve();
    });
  }).catch(async (err: unknown) => {
    await brain.close(); // nothing to serve: the store's pool must not keep the process alive
    throw err;
  });
  http.on('error', (err) => warn(`server: ${messageOf(err)}`));

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const entry of entries.values()) if (now - entry.lastSeen > idleMs) void entry.transport.close();
    },
    Math.max(1000, Math.min(idleMs / 4, 60_000)),
  );
  sweep.unref();

  const address = http.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closed: Promise<void> | null = null;
  return {
    url: `http://${shownHost}:${address.port}${MCP_PATH}`,
    sessions: () => [...entries.values()].map((e) => e.mcp.session.id),
    close: () =>
      (closed ??= (async () => {
        clearInterval(sweep);
        const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
        for (const entry of [...entries.values()]) await entry.transport.close().catch((err: unknown) => warn(`closing the transport: ${messageOf(err)}`));
        http.closeAllConnections();
        await stopped;
        await Promise.all([...closing]);
        await brain.close().catch((err: unknown) => warn(`closing the store: ${messageOf(err)}`));
      })()),
  };
};
