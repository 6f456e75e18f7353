import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from './create-mcp-server.js';
import { MAX_MESSAGE_BYTES } from './message-limits.js';
import { openMcpBrain, type McpRoots } from './open-mcp-brain.js';
import { endSession } from './end-session.js';

export interface StdioServeOptions extends McpRoots {
  readonly stdin?: Readable;
  readonly stdout?: Writable;
  /** Told, in one line, about a problem that does not stop the server (default: nothing). Never stdout: that is the protocol. */
  readonly warn?: (message: string) => void;
}

export interface StdioMcpServer {
  readonly sessionId: string;
  readonly eventLog: string;
  /** Resolves once the client has gone (stdin closed) or `stop()` ran, and the session is settled and closed. */
  readonly closed: Promise<void>;
  /** Stops serving (a signal): the session is settled and closed. */
  stop(): Promise<void>;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * `engram mcp`: one MCP client on stdin/stdout, one engram session. The session ends when the
 * client closes stdin (or the output breaks, or `stop()` is called): learning is settled, the log
 * is made durable and `executive.session.ended` recorded.
 */
export const serveStdio = async (options: StdioServeOptions = {}): Promise<StdioMcpServer> => {
  const warn = options.warn ?? (() => undefined);
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const brain = await openMcpBrain(options);
  let made: ReturnType<typeof createMcpServer>;
  try {
    made = createMcpServer(brain);
  } catch (err) {
    await brain.close();
    throw err;
  }
  const { server, session } = made;
  const transport = new StdioServerTransport(stdin, stdout, { maxBufferSize: MAX_MESSAGE_BYTES });
  let finishing: Promise<void> | null = null;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const finish = (): Promise<void> =>
    (finishing ??= (async () => {
      stdin.off('end', onEnd);
      await server.close().catch((err: unknown) => warn(`closing the transport: ${messageOf(err)}`));
      await endSession(session, warn);
      await brain.close().catch((err: unknown) => warn(`closing the store: ${messageOf(err)}`));
      markClosed();
    })());
  const onEnd = (): void => void finish();
  stdin.on('end', onEnd);
  stdout.on('error', (err) => {
    warn(`output closed: ${messageOf(err)}`);
    void finish();
  });
  transport.onerror = (err) => warn(`transport: ${messageOf(err)}`);
  server.server.onclose = () => void finish();
  await server.connect(transport);
  return { sessionId: session.id, eventLog: session.eventLog, closed, stop: finish };
};
