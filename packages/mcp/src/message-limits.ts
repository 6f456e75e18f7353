import { INPUT_LIMITS } from '@engram/runtime';

/**
 * The largest MCP message the server reads (bytes, both transports): one tool call carrying the
 * longest text engram keeps (INPUT_LIMITS.message, 200,000 characters, up to 4 bytes each in
 * UTF-8 and more once JSON-escaped) fits with room to spare; anything bigger is refused by the
 * transport before it is parsed, so a runaway paste cannot fill the server's memory. Texts
 * between INPUT_LIMITS and this are accepted and cut by the runtime (head and tail kept).
 */
export const MAX_MESSAGE_BYTES = Math.max(4 * 1024 * 1024, 5 * 4 * INPUT_LIMITS.message);
