/** @engram/mcp: engram as an MCP server. (Being built: issue 13.) */
export {};
