/**
 * The light part of @engram/claude-code: the hook names and the Claude Code events each takes,
 * and the check that refuses a hook started from npx's download cache, with no runtime behind
 * them, so a command line can list the hooks (or refuse one) without loading the brain.
 */
export { HOOK_EVENTS, HOOK_NAMES, type HookName } from './hook-payload.js';
export type { HookFlags } from './hook-roots.js';
export { npxRefusal, NPX_CACHE_FOLDER } from './npx-refusal.js';
