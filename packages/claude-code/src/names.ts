/**
 * The light part of @engram/claude-code: the hook names and the Claude Code events each takes,
 * with no runtime behind them, so a command line can list the hooks without loading the brain.
 */
export { HOOK_EVENTS, HOOK_NAMES, type HookName } from './hook-payload.js';
export type { HookFlags } from './hook-roots.js';
