import type { McpEngramSession } from './mcp-engram-session.js';

/**
 * Ends an MCP client's session and says, through `warn` (the server's log on stderr, which an MCP
 * host keeps), what the session went on without: a tool answer holds what could be done, and
 * nothing else reports the rest. A failure to close is said the same way; this never rejects.
 */
export const endSession = async (session: McpEngramSession, warn: (message: string) => void): Promise<void> => {
  try {
    await session.close();
  } catch (err) {
    warn(`closing session ${session.id}: ${err instanceof Error ? err.message : String(err)}`);
  }
  for (const problem of session.problems()) warn(`session ${session.id}: ${problem}`);
};
