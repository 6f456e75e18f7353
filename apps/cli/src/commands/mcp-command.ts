import type { McpCommandOptions } from '../mcp/run-mcp.js';
import type { CommandSpec } from './command-spec.js';
import { WHERE, opt, port } from './shared-options.js';

/** `engram mcp`: engram as an MCP server (docs/mcp.md). The server loads only when the command runs. */
export const mcpCommand: CommandSpec = {
  name: 'mcp',
  description: 'serve engram over MCP: stdio by default (one client, one session), or streamable HTTP with --http (docs/mcp.md)',
  options: [
    ...WHERE,
    opt('--http', 'serve streamable HTTP on --host:--port at /mcp instead of stdio'),
    // Not 0: a random port could not be named in a client's config.
    opt('--port <n>', 'the HTTP port (with --http)', port(1)),
    opt('--host <address>', 'the HTTP address (with --http; default 127.0.0.1)'),
    opt('--allow-remote', 'allow a non-loopback --host: the server has no authentication, so anyone who reaches it can read and write this memory'),
  ],
  helpAfter: '\nExit codes: 0 the client went or the server was stopped; 1 the server could not start; 2 usage error or a bad store setting; 3 the store is unreachable.',
  run: async (o: McpCommandOptions) => (await import('../mcp/run-mcp.js')).runMcp(o),
};
