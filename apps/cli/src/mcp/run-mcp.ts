import { isTagged } from '@engram/kernel';
import { serveHttp, serveStdio } from '@engram/mcp';
import { exitCodeOf } from '../exit/exit-code-of.js';

export interface McpCommandOptions {
  readonly project?: string;
  readonly home?: string;
  readonly http?: boolean;
  readonly port?: number;
  readonly host?: string;
  readonly allowRemote?: boolean;
  readonly store?: string;
  readonly tenant?: string;
}

const warn = (message: string): void => void process.stderr.write(`engram mcp: ${message}\n`);

/** A flag combination that cannot work: exit 2, like commander's own usage errors. */
const usage = (message: string): number => {
  warn(message);
  return 2;
};

/** Resolves at the first SIGINT or SIGTERM. */
const signalled = (): Promise<void> =>
  new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });

/**
 * `engram mcp [--http]`: serves until the client goes (stdio) or a signal arrives, then settles
 * and closes the sessions. Nothing but the protocol is written to stdout; problems go to stderr.
 */
export const runMcp = async (o: McpCommandOptions): Promise<number> => {
  try {
    return await serveMcp(o);
  } catch (err) {
    // A bad setting or a store that cannot be opened: one line, the exit code from the tag (2 or 3).
    if (!isTagged(err)) throw err;
    warn(err.message);
    return exitCodeOf(err);
  }
};

const serveMcp = async (o: McpCommandOptions): Promise<number> => {
  const roots = { home: o.home, project: o.project, store: o.store, tenant: o.tenant };
  if (o.http !== true) {
    if (o.port !== undefined || o.host !== undefined || o.allowRemote === true) return usage('--port, --host and --allow-remote go with --http');
    const server = await serveStdio({ ...roots, warn });
    await Promise.race([server.closed, signalled().then(() => server.stop())]);
    return 0;
  }
  if (o.port === undefined) return usage('--http needs --port <n>');
  const server = await serveHttp({ ...roots, port: o.port, host: o.host, allowRemote: o.allowRemote, warn });
  process.stderr.write(`engram mcp: listening on ${server.url}\n`);
  await signalled();
  await server.close();
  return 0;
};
