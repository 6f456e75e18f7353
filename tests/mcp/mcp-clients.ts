import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { BIN, ROOT } from '../cli/run-cli.js';

export interface Connected {
  readonly client: Client;
  /** Ends the client session (stdio: closes stdin; HTTP: DELETE) and waits until the server has closed it. */
  close(): Promise<void>;
}

const newClient = (): Client => new Client({ name: 'engram-e2e', version: '0.0.0' });

/** The built CLI's `engram mcp` over stdio, as an MCP host starts it. */
export const connectStdio = async (home: string, project: string, extra: readonly string[] = []): Promise<Connected & { readonly stderr: () => string }> => {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--home', home, '--project', project, ...extra], cwd: ROOT, stderr: 'pipe', env: { PATH: process.env.PATH ?? '' } });
  let err = '';
  transport.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  const client = newClient();
  await client.connect(transport);
  return { client, close: () => client.close(), stderr: () => err };
};

/** A port nobody listens on now (bound to 0, read, released). */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a !== null ? a.port : 0;
      s.close(() => resolve(port));
    });
  });

export interface HttpServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  stderr(): string;
  /** SIGTERM, then waits for the exit code. */
  stop(): Promise<number | null>;
}

/** The built CLI's `engram mcp --http` on a free loopback port; resolves once it listens. */
export const startHttpServer = async (home: string, project: string): Promise<HttpServerProcess> => {
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, 'mcp', '--http', '--port', String(port), '--home', home, '--project', project], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`engram mcp --http did not start in 20 s: ${err}`)), 20_000);
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      const m = /listening on (\S+)/.exec(err);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    void exited.then((code) => reject(new Error(`engram mcp --http exited ${code}: ${err}`)));
  });
  return {
    url,
    child,
    stderr: () => err,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
};

export const connectHttp = async (url: string): Promise<Connected & { readonly transport: StreamableHTTPClientTransport }> => {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = newClient();
  await client.connect(transport);
  return {
    client,
    transport,
    close: async () => {
      await transport.terminateSession();
      await client.close();
    },
  };
};
