/**
 * @engram/mcp: engram as an MCP server (stdio and streamable HTTP) over the runtime's
 * host-driven session API. Each MCP client session is one engram session with its own event
 * log. Tools: start_turn, memorize, recall, recall_skill, memory_context, pre_call, tool_result,
 * end_turn; resources: the memory files (engram://memory/{scope}/{kind}) and saved skills
 * (engram://skills/{label}). docs/mcp.md.
 */
export { serveStdio, type StdioServeOptions, type StdioMcpServer } from './serve-stdio.js';
export { serveHttp, MCP_PATH, DEFAULT_IDLE_MS, type HttpServeOptions, type HttpMcpServer } from './serve-http.js';
export { createMcpServer, SERVER_INFO, type EngramMcpServer } from './create-mcp-server.js';
export { openMcpBrain, type McpRoots } from './open-mcp-brain.js';
export { McpEngramSession, IMPLICIT_TURN_MESSAGE, type PreCallAnswer, type ToolResultAnswer, type EndTurnAnswer } from './mcp-engram-session.js';
export { isLoopbackHost } from './loopback-host.js';
export { MAX_MESSAGE_BYTES } from './message-limits.js';
