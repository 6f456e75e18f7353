import type { HookCallback, HookCallbackMatcher, HookEvent, HookJSONOutput, SyncHookJSONOutput } from '@anthropic-ai/claude-agent-sdk';
import type { HookOutput } from './hook-output.js';
import type { HookName } from './hook-payload.js';
import { runHook, type HookOptions } from './run-hook.js';

/**
 * The Claude Agent SDK hook events engram answers, and the `engram hook` each one runs. The SDK's
 * hook inputs are Claude Code's hook payloads (the same snake_case fields), so one implementation,
 * `runHook`, serves the shell hooks and these callbacks.
 */
export const AGENT_SDK_HOOK_EVENTS = {
  SessionStart: 'session-start',
  UserPromptSubmit: 'user-prompt-submit',
  PreToolUse: 'pre-tool-use',
  PostToolUse: 'post-tool-use',
  PostToolUseFailure: 'post-tool-use',
  Stop: 'stop',
} as const satisfies Partial<Record<HookEvent, HookName>>;

export type AgentSdkHookEvent = keyof typeof AGENT_SDK_HOOK_EVENTS;

/** What `engramHooks` returns: `options.hooks` of the Agent SDK's `query()`, one matcher per event. */
export type EngramAgentHooks = Record<AgentSdkHookEvent, HookCallbackMatcher[]>;

/**
 * `runHook`'s answer as an Agent SDK callback's: the same `hookSpecificOutput` (a deny with its
 * reason, `additionalContext`, an `updatedInput`), or `{}` (carry on) when engram has nothing to
 * say. Never `permissionDecision: 'allow'`, which would skip the host's own permission checks.
 */
export const agentSdkHookOutput = (output: HookOutput | null): HookJSONOutput => {
  if (output === null) return {};
  // runHook names the event it answers from the payload, so it is one of the SDK's event names.
  return { hookSpecificOutput: { ...output.hookSpecificOutput } } as SyncHookJSONOutput;
};

/** One SDK callback for an engram hook. A cancelled hook (the SDK aborted it) records nothing. */
export const agentSdkHookCallback =
  (name: HookName, options: HookOptions): HookCallback =>
  async (input, _toolUseId, { signal }) => {
    if (signal.aborted) return {};
    return agentSdkHookOutput(await runHook(name, input, options));
  };

/**
 * engram in a Claude Agent SDK host, in process: `query({ prompt, options: { hooks:
 * engramHooks({ home, project }) } })`. Memory at session start and when it changed, the circuit
 * breaker and advice before each tool call (a repeated failure is denied with engram's reason),
 * results and self-checks after it, learning when Claude stops: the decisions of `engram hook
 * <name>` (same code), without a process per hook. The SDK's session id maps to an engram
 * session under `<project>/.engram/hooks`, as for the shell hooks; a failing hook warns and
 * answers `{}` (fail open). `project` defaults to `CLAUDE_PROJECT_DIR`, else the payload's `cwd`.
 */
export const engramHooks = (options: HookOptions = {}): EngramAgentHooks => {
  const hooks = {} as EngramAgentHooks;
  for (const [event, name] of Object.entries(AGENT_SDK_HOOK_EVENTS) as [AgentSdkHookEvent, HookName][]) hooks[event] = [{ hooks: [agentSdkHookCallback(name, options)] }];
  return hooks;
};
