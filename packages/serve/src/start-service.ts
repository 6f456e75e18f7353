import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { runHook } from '@engram/claude-code';
import { preloadStoreBackend } from '@engram/runtime';
import { isForwardedEnv, PROTOCOL_VERSION } from './client/protocol-version.js';
import { resolveHome, servePaths, type ServePaths } from './client/serve-paths.js';
import { claimHome, releaseHome } from './effects/claim-home.js';
import { serviceLog } from './effects/service-log.js';
import { MAX_REQUEST_BYTES, parseRequest, type HookRequest, type ServeAnswerShape } from './protocol.js';
import { WarmSessions } from './warm-sessions.js';

/**
 * The service exits after this long without a request: a Claude session calls hooks every few
 * seconds while it works and a user may think for minutes between prompts; after a quarter of an
 * hour of nothing the memory is worth more than the warm start (the next hook starts a service).
 */
export const SERVE_IDLE_EXIT_MS = 15 * 60_000;
/**
 * A kept session unused this long is suspended to its log (learning stored, log durable, pads
 * closed): a session that pauses this long is not in the middle of a burst of tool calls.
 */
export const SESSION_IDLE_SUSPEND_MS = 2 * 60_000;
/**
 * Connections held at once. Hooks of a home come a few at a time (one per running Claude
 * session, each closed after its answer); past this the oldest idle connection is shed for the
 * new one, and a new one is refused only when every held connection has a hook in flight.
 */
const MAX_CONNECTIONS = 32;
/**
 * A connection with no request in flight and nothing received for this long is closed: a hook
 * client writes its line the moment it connects (a 32 MB payload crosses a local socket in well
 * under a second) and closes after the answer, so silence this long is a client that stalled
 * or a neighbour holding a slot.
 */
const CONNECTION_IDLE_MS = 10_000;
/**
 * Unfinished request bytes buffered across all connections: two of the largest hook payloads.
 * A connection whose partial line would push the total past it is closed with an error, so held
 * half-lines cannot take the service's memory (each slot alone may hold MAX_REQUEST_BYTES).
 */
const MAX_PENDING_BYTES = 2 * MAX_REQUEST_BYTES;
/**
 * On stop, hooks in flight get this long to answer before every connection is cut: the whole
 * stop (sessions suspended after) stays within the 2 s a supervisor's SIGTERM allows.
 */
const STOP_GRACE_MS = 1_000;

export interface ServiceOptions {
  /** The home this service serves (`--home`, else `$ENGRAM_HOME`, else ~/.engram). */
  readonly home?: string | undefined;
  readonly idleExitMs?: number;
  readonly idleSuspendMs?: number;
  /** The service's environment; each request's ENGRAM_* settings and CLAUDE_PROJECT_DIR replace its own. */
  readonly env?: NodeJS.ProcessEnv;
  readonly now?: () => number;
  /**
   * A web app served by the same process (`engram serve --view`: @engram/view's handler), on
   * 127.0.0.1 only, at `port` (0 or absent: a free one). The service knows nothing of what it
   * serves; each request counts as activity for the idle exit.
   */
  readonly web?: {
    readonly handler: (req: IncomingMessage, res: ServerResponse) => void;
    readonly port?: number;
    readonly close?: () => void;
    /** The project the app shows, told in the pong so `engram view` of that project attaches instead of starting a second server. */
    readonly project?: string;
  };
}

export interface RunningService {
  readonly paths: ServePaths;
  /** The web app's address (`http://127.0.0.1:PORT/`) when the service serves one, else null. */
  readonly webUrl: string | null;
  /** Resolves with why the service stopped ('idle', or the reason given to `stop`) once everything is let go. */
  readonly stopped: Promise<string>;
  stop(reason: string): Promise<string>;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';

/**
 * Starts a resident service for a home: claims the home (one service per home), listens on
 * `<home>/run/engram.sock` (0600) and answers one JSON line per request line: a hook run through
 * `runHook` with warm sessions, the same answer and the same log as a short hook process; a ping.
 * A bad request gets an error answer and is logged; nothing a client sends stops the service.
 * Sessions idle for `idleSuspendMs` are suspended; after `idleExitMs` with no request the service
 * stops by itself. Throws ServeRefusedError when another service runs or the socket path is unsafe.
 */
export const startService = async (options: ServiceOptions = {}): Promise<RunningService> => {
  const baseEnv = options.env ?? process.env;
  const now = options.now ?? Date.now;
  const paths = servePaths(resolveHome(options.home, baseEnv, process.cwd()));
  const idleExitMs = options.idleExitMs ?? SERVE_IDLE_EXIT_MS;
  const idleSuspendMs = options.idleSuspendMs ?? SESSION_IDLE_SUSPEND_MS;
  await preloadStoreBackend(baseEnv);
  const log = serviceLog(paths.logFile, paths.runDir, now);
  const warm = new WarmSessions(now, log);
  const ownEnv = Object.fromEntries(Object.entries(baseEnv).filter(([k]) => !isForwardedEnv(k)));
  let lastRequest = now();
  let inFlight = 0;
  let served = 0;
  let stopping: Promise<string> | null = null;
  /** The web app once it listens (a ping may come before: the socket listens first). */
  let webInfo: { readonly url: string; readonly project: string } | null = null;

  const runHookRequest = async (req: HookRequest): Promise<ServeAnswerShape> => {
    const env = { ...ownEnv, ...req.env };
    const home = resolveHome(req.flags.home, env, '/');
    if (home !== paths.home) return { v: PROTOCOL_VERSION, kind: 'error', error: `this service serves ${paths.home}, not ${home}` };
    const warnings: string[] = [];
    const { project, home: flagHome } = req.flags;
    const output = await runHook(req.event, req.payload, { ...(project === undefined ? {} : { project }), ...(flagHome === undefined ? {} : { home: flagHome }), env, warn: (m) => warnings.push(m), sessions: warm });
    served++;
    return { v: PROTOCOL_VERSION, kind: 'hook', output, warnings };
  };

  const answer = async (line: string): Promise<ServeAnswerShape> => {
    try {
      const req = parseRequest(line);
      if (req.kind === 'ping') return { v: PROTOCOL_VERSION, kind: 'pong', pid: process.pid, home: paths.home, sessions: warm.size, served, rssBytes: process.memoryUsage.rss(), web: webInfo };
      return await runHookRequest(req);
    } catch (err) {
      log(`bad request: ${messageOf(err)}`);
      return { v: PROTOCOL_VERSION, kind: 'error', error: messageOf(err) };
    }
  };

  /** Per connection: hooks in flight on it, when it last received or answered, and its unfinished line's size. */
  interface Held {
    busy: number;
    lastActive: number;
    pending: number;
  }
  let pendingTotal = 0;
  const held = new Map<Socket, Held>();
  /** The connection unused longest among those with no hook in flight, or null. */
  const oldestIdle = (): Socket | null => {
    let best: Socket | null = null;
    let bestAt = Infinity;
    for (const [c, h] of held)
      if (h.busy === 0 && h.lastActive < bestAt) {
        best = c;
        bestAt = h.lastActive;
      }
    return best;
  };

  const serveConnection = (conn: Socket): void => {
    if (stopping !== null) {
      conn.destroy();
      return;
    }
    if (held.size >= MAX_CONNECTIONS) {
      const shed = oldestIdle();
      if (shed === null) {
        log(`refused a connection: ${MAX_CONNECTIONS} held, each with a hook in flight`);
        conn.destroy();
        return;
      }
      log(`shed an idle connection: ${MAX_CONNECTIONS} held`);
      shed.destroy();
    }
    const h: Held = { busy: 0, lastActive: now(), pending: 0 };
    held.set(conn, h);
    let pending: Buffer[] = [];
    const setPending = (n: number) => {
      pendingTotal += n - h.pending;
      h.pending = n;
    };
    let queue = Promise.resolve();
    const reply = (line: string) => {
      inFlight++;
      h.busy++;
      lastRequest = now();
      queue = queue
        .then(() => answer(line))
        .then((a) => {
          if (!conn.destroyed) conn.write(`${JSON.stringify(a)}\n`);
        })
        .catch((err: unknown) => log(`answering: ${messageOf(err)}`))
        .finally(() => {
          inFlight--;
          h.busy--;
          h.lastActive = now();
          lastRequest = now();
        });
    };
    const refuse = (why: string) => {
      log(`bad request: ${why}; connection closed`);
      conn.end(`${JSON.stringify({ v: PROTOCOL_VERSION, kind: 'error', error: `request: ${why}` })}\n`);
      pending = [];
      setPending(0);
      conn.pause();
      // A client that never reads the error must not hold the slot: cut it after the grace.
      setTimeout(() => conn.destroy(), STOP_GRACE_MS).unref();
    };
    conn.on('data', (chunk: Buffer) => {
      h.lastActive = now();
      let start = 0;
      for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
        pending.push(chunk.subarray(start, nl));
        reply(Buffer.concat(pending).toString('utf8'));
        pending = [];
        setPending(0);
        start = nl + 1;
      }
      if (start < chunk.length) {
        pending.push(chunk.subarray(start));
        setPending(h.pending + chunk.length - start);
      }
      if (h.pending > MAX_REQUEST_BYTES) refuse(`over ${MAX_REQUEST_BYTES} bytes`);
      else if (pendingTotal > MAX_PENDING_BYTES) refuse(`the service holds ${MAX_PENDING_BYTES} bytes of unfinished requests; try again`);
    });
    // The client is done sending: answer what it asked, then close this side (the socket is half-open to allow that).
    conn.on('end', () => void queue.then(() => conn.end()));
    conn.on('error', () => undefined); // a client that went away: nothing to answer
    conn.on('close', () => {
      setPending(0);
      pending = [];
      held.delete(conn);
    });
  };

  const server = createServer({ allowHalfOpen: true }, serveConnection);
  server.on('error', (err) => log(`socket: ${messageOf(err)}`));
  const ino = await claimHome(
    paths,
    () =>
      new Promise<void>((ok, fail) => {
        server.once('error', fail);
        server.listen(paths.socket, () => {
          server.off('error', fail);
          ok();
        });
      }),
  );
  log(`started: listening on ${paths.socket} (idle exit ${idleExitMs} ms, idle suspend ${idleSuspendMs} ms)`);
  let web: HttpServer | null = null;
  let webUrl: string | null = null;
  if (options.web !== undefined) {
    const { handler, port } = options.web;
    const server = createHttpServer((req, res) => {
      lastRequest = now();
      handler(req, res);
    });
    try {
      await new Promise<void>((ok, fail) => {
        server.once('error', fail);
        server.listen(port ?? 0, '127.0.0.1', () => {
          server.off('error', fail);
          ok();
        });
      });
      const address = server.address();
      webUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/`;
      web = server;
      if (options.web.project !== undefined) webInfo = { url: webUrl, project: options.web.project };
      log(`web app on ${webUrl}`);
    } catch (err) {
      // The hooks matter more than the pages: a busy port costs the web app, not the service.
      log(`web app not started: ${messageOf(err)}`);
    }
  }

  let resolveStopped: (reason: string) => void = () => undefined;
  const stopped = new Promise<string>((r) => {
    resolveStopped = r;
  });
  const stop = (reason: string): Promise<string> =>
    (stopping ??= (async () => {
      clearInterval(timer);
      if (web !== null) {
        options.web?.close?.();
        web.closeAllConnections();
        web.close();
      }
      // close() waits for every connection: idle ones go now, busy ones after their answer or the grace.
      const closed = new Promise<void>((r) => server.close(() => r()));
      for (const [c, h] of held) if (h.busy === 0) c.destroy();
      const grace = setTimeout(() => {
        for (const c of held.keys()) c.destroy();
      }, STOP_GRACE_MS);
      await closed;
      clearTimeout(grace);
      releaseHome(paths, ino);
      await warm.suspendAll();
      log(`stopped: ${reason} (${served} hooks served)`);
      resolveStopped(reason);
      return reason;
    })());

  const tick = Math.max(20, Math.min(CONNECTION_IDLE_MS / 4, Math.floor(Math.min(idleExitMs, idleSuspendMs) / 4)));
  const timer = setInterval(() => {
    const t = now();
    for (const [c, h] of held) if (h.busy === 0 && t - h.lastActive >= CONNECTION_IDLE_MS) c.destroy();
    if (inFlight > 0) return;
    if (t - lastRequest >= idleExitMs) void stop(`idle for ${idleExitMs} ms`);
    else void warm.suspendIdle(t - idleSuspendMs);
  }, tick);
  return { paths, webUrl, stopped, stop };
};
