import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Brain } from '@engram/runtime';
import { McpEngramSession } from './mcp-engram-session.js';
import { registerResources } from './register-resources.js';
import { registerTools } from './register-tools.js';

/** The name and version the server reports to clients: the package's own version, read, never written twice. */
export const SERVER_INFO = { name: 'engram', version: (createRequire(import.meta.url)('../package.json') as { version: string }).version } as const;

const INSTRUCTIONS = [
  "engram is a memory that learns from your mistakes. Put memory_context's block in your system prompt.",
  'Before each tool call, call pre_call (do not run a call it blocks); after it, report tool_result with the callId pre_call gave.',
  'When you answer, call end_turn with the answer: engram learns then. Use memorize for what the user asks you to remember.',
].join(' ');

export interface EngramMcpServer {
  readonly server: McpServer;
  readonly session: McpEngramSession;
}

/**
 * One MCP server over one new engram session of `brain` (a client session is an engram
 * session, with its own event log). Closing it is the transport's owner's job: close the
 * session (`session.close()`, which settles learning and ends the log) when the client goes.
 */
export const createMcpServer = (brain: Brain): EngramMcpServer => {
  const session = new McpEngramSession(brain.session());
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS, capabilities: { tools: {}, resources: {} } });
  registerTools(server, session);
  registerResources(server, brain.paths);
  return { server, session };
};
