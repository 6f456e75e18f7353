import type { HookInput } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { AGENT_SDK_HOOK_EVENTS, agentSdkHookCallback, agentSdkHookOutput, engramHooks } from './agent-sdk-hooks.js';
import { HOOK_EVENTS } from './hook-payload.js';

describe('engramHooks', () => {
  it('gives one matcher with one callback for each event engram answers', () => {
    const hooks = engramHooks({ home: '/nonexistent-home', project: '/nonexistent-project' });
    expect(Object.keys(hooks).sort()).toEqual(['PostToolUse', 'PostToolUseFailure', 'PreToolUse', 'SessionStart', 'Stop', 'UserPromptSubmit']);
    for (const matchers of Object.values(hooks)) {
      expect(matchers).toHaveLength(1);
      expect(matchers[0]?.matcher).toBeUndefined(); // every tool
      expect(matchers[0]?.hooks).toHaveLength(1);
    }
  });

  it('maps each SDK event to the engram hook that accepts it (the shell hooks take the same events)', () => {
    for (const [event, name] of Object.entries(AGENT_SDK_HOOK_EVENTS)) expect(HOOK_EVENTS[name]).toContain(event);
  });
});

describe('agentSdkHookOutput', () => {
  it('nothing to say is {} (carry on), never an allow', () => {
    expect(agentSdkHookOutput(null)).toEqual({});
  });

  it('passes a deny with its reason and additional context through as hookSpecificOutput', () => {
    const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' as const, permissionDecisionReason: 'engram: Blocked' } };
    expect(agentSdkHookOutput(deny)).toEqual(deny);
    const context = { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'check the path' } };
    expect(agentSdkHookOutput(context)).toEqual(context);
  });
});

describe('agentSdkHookCallback', () => {
  it('fails open: a payload engram cannot read is warned about and answered with {}', async () => {
    const problems: string[] = [];
    const callback = agentSdkHookCallback('pre-tool-use', { warn: (m) => problems.push(m) });
    const bad = { hook_event_name: 'PreToolUse', session_id: 's', transcript_path: '', cwd: 'relative/dir', tool_name: 'Bash', tool_input: {}, tool_use_id: 't' } satisfies HookInput;
    expect(await callback(bad, 't', { signal: new AbortController().signal })).toEqual({});
    expect(problems.join('\n')).toMatch(/cwd.*absolute/);
  });

  it('records nothing for a hook the SDK already aborted', async () => {
    const problems: string[] = [];
    const callback = agentSdkHookCallback('pre-tool-use', { warn: (m) => problems.push(m) });
    const ctl = new AbortController();
    ctl.abort();
    const input = { hook_event_name: 'PreToolUse', session_id: 's', transcript_path: '', cwd: 'relative/dir', tool_name: 'Bash', tool_input: {}, tool_use_id: 't' } satisfies HookInput;
    expect(await callback(input, 't', { signal: ctl.signal })).toEqual({});
    expect(problems).toEqual([]); // never parsed: the bad cwd would have been reported
  });
});
