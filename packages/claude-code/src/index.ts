/**
 * @engram/claude-code: engram inside Claude Code, as functions `(event, payload) -> output`.
 *
 * Consumes a Claude Code hook payload (SessionStart, UserPromptSubmit, PreToolUse, PostToolUse /
 * PostToolUseFailure, Stop) as text or as the parsed object. Each call maps the Claude session to
 * an engram session (a private map under `<project>/.engram/hooks`), resumes that session from
 * its event log, reports what happened, asks the session (memory block, circuit breaker, advice,
 * self-checks, fallback chains) and suspends it. Produces Claude Code's `hookSpecificOutput`
 * (additional context, a deny with its reason, an updated tool input), or null.
 *
 * Shell hooks (`engram hook <name>`, one process per event) and in-process hosts (Claude Agent
 * SDK callbacks, `engramHooks`) share it. Never throws and never blocks on its own failure: a problem is warned
 * about and the hook answers null (fail open). Never answers "allow" (which would skip the user's
 * permission prompt).
 */
export { runHook, type HookOptions } from './run-hook.js';
export type { HookSessions, OpenedHookSession, OpenHookSessionOptions } from './hook-sessions.js';
export { engramHooks, agentSdkHookCallback, agentSdkHookOutput, AGENT_SDK_HOOK_EVENTS, type AgentSdkHookEvent, type EngramAgentHooks } from './agent-sdk-hooks.js';
export { HOOK_EVENTS, HOOK_NAMES, parseHookPayload, type HookName, type HookPayload, type SessionStartPayload, type UserPromptPayload, type PreToolPayload, type PostToolPayload, type StopPayload } from './hook-payload.js';
export { PayloadError } from './payload-fields.js';
export { hookOutput, MAX_CONTEXT_CHARS, type HookOutput } from './hook-output.js';
export { hookRoots, type HookFlags, type HookRoots } from './hook-roots.js';
export { engramSessionFor, SESSION_MAP } from './effects/session-map.js';
export { readFallbackConfig, parseFallbackConfig, FallbackConfigError, FALLBACKS_FILE, type FallbackChainConfig, type FallbackStepConfig } from './fallback-config.js';
export { chainFor, preCallFallback, postCallFallback, type PostCallPlan } from './fallback-plan.js';
export { npxRefusal, NPX_CACHE_FOLDER } from './npx-refusal.js';
