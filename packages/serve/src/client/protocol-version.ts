/**
 * The version of the hook protocol (one JSON object a line, each way) spoken over the socket. A
 * service answers a request of another version with an error, and the client then handles the
 * hook in-process: a client and a service of different builds never misread each other.
 */
export const PROTOCOL_VERSION = 1;

/** The hook commands the client forwards; the same list as @engram/claude-code's HOOK_NAMES (a test holds them equal). */
export const HOOK_COMMANDS = ['session-start', 'user-prompt-submit', 'pre-tool-use', 'post-tool-use', 'stop'] as const;
export type HookCommand = (typeof HOOK_COMMANDS)[number];

/** The settings a hook reads from its environment, forwarded with each request (the service's own are not used for them). */
export const isForwardedEnv = (name: string): boolean => name.startsWith('ENGRAM_') || name === 'CLAUDE_PROJECT_DIR';
