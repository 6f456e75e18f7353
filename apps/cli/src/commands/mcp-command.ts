import type { Command } from 'commander';
import { numberOption } from './number-option.js';
import type { McpCommandOptions } from '../mcp/run-mcp.js';

/** Ports are 16-bit; 0 would pick a random one, which a client config could not name. */
const port = numberOption({ kind: 'integer', min: 1, max: 65_535 });

/** `engram mcp`: engram as an MCP server (docs/mcp.md). The server loads only when the command runs. */
export const registerMcp = (program: Command): void => {
  program
    .command('mcp')
    .description('serve engram over MCP: stdio by default (one client, one session), or streamable HTTP with --http (docs/mcp.md)')
    .option('--project <dir>', 'the project folder (default: the current directory)')
    .option('--home <dir>', 'the global engram folder (default: $ENGRAM_HOME or ~/.engram)')
    .option('--store <url>', 'keep everything in PostgreSQL, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE; exit 3 unreachable)')
    .option('--tenant <name>', 'whose memory in the store (env ENGRAM_TENANT, default "default")')
    .option('--http', 'serve streamable HTTP on --host:--port at /mcp instead of stdio')
    .option('--port <n>', 'the HTTP port (with --http)', port)
    .option('--host <address>', 'the HTTP address (with --http; default 127.0.0.1)')
    .option('--allow-remote', 'allow a non-loopback --host: the server has no authentication, so anyone who reaches it can read and write this memory')
    .addHelpText('after', '\nExit codes: 0 the client went or the server was stopped; 1 the server could not start; 2 usage error or a bad store setting; 3 the store is unreachable.')
    .action(async (opts: McpCommandOptions) => {
      process.exitCode = await (await import('../mcp/run-mcp.js')).runMcp(opts);
    });
};
