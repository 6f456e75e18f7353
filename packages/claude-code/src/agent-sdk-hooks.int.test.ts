import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HookInput, HookJSONOutput, PostToolUseFailureHookInput, PreToolUseHookInput } from '@anthropic-ai/claude-agent-sdk';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { engramHooks, type AgentSdkHookEvent } from './agent-sdk-hooks.js';

/** SDK-typed inputs (the compiler holds them to the SDK's own types), delivered to the callbacks as the SDK would. */
describe('engramHooks, called with the Agent SDK inputs', () => {
  it('a turn: the fourth identical failing Bash call denied with engram reason, learning at Stop, the lesson on the next session prompt', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-agent-hooks-'));
    const project = join(root, 'project');
    mkdirSync(project);
    const problems: string[] = [];
    const hooks = engramHooks({ home: join(root, 'home'), project, warn: (m) => problems.push(m), env: {} });
    const signal = new AbortController().signal;
    const call = async (event: AgentSdkHookEvent, input: HookInput): Promise<HookJSONOutput> => {
      const callback = hooks[event][0]?.hooks[0];
      if (callback === undefined) throw new Error(`no callback for ${event}`);
      return callback(input, 'tool_use_id' in input ? input.tool_use_id : undefined, { signal });
    };
    const base = { session_id: '5b0a6f8e-0000-4000-8000-000000000001', transcript_path: join(root, 't.jsonl'), cwd: project };
    const bash = { tool_name: 'Bash', tool_input: { command: 'cat missing.txt', description: 'read' } };

    expect(await call('SessionStart', { ...base, hook_event_name: 'SessionStart', source: 'startup' })).toEqual({});
    expect(await call('UserPromptSubmit', { ...base, hook_event_name: 'UserPromptSubmit', prompt: 'read missing.txt' })).toEqual({});
    const outputs: HookJSONOutput[] = [];
    for (let i = 1; i <= 4; i++) {
      const pre: PreToolUseHookInput = { ...base, ...bash, hook_event_name: 'PreToolUse', tool_use_id: `toolu_${i}` };
      outputs.push(await call('PreToolUse', pre));
      if (i === 4) break;
      const failed: PostToolUseFailureHookInput = { ...base, ...bash, hook_event_name: 'PostToolUseFailure', tool_use_id: `toolu_${i}`, error: 'Exit code 1\ncat: missing.txt: No such file or directory' };
      await call('PostToolUseFailure', failed);
    }
    expect(outputs[0]).toEqual({});
    expect(outputs[2]).toMatchObject({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: expect.stringMatching(/^engram: this exact Bash command has failed 2 times in a row/) as unknown } });
    expect(outputs[3]).toMatchObject({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(/^engram: this exact Bash command failed 3 times this turn/) as unknown } });
    expect(await call('Stop', { ...base, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'The file does not exist.' })).toEqual({});
    expect(problems).toEqual([]);

    const logs = join(project, '.engram', 'events');
    const [log] = readdirSync(logs);
    const events = readLogFile(join(logs, log ?? '')).events;
    expect(events.flatMap((e) => (e.type === 'executive.tool.called' ? [e.data.toolUseId] : []))).toEqual(['toolu_1', 'toolu_2', 'toolu_3', 'toolu_4']);
    expect(events.some((e) => e.type === 'executive.turn.completed')).toBe(true);
    expect(events.flatMap((e) => (e.type === 'acc.lesson.detected' ? [e.data.lessonId] : []))).toContain('acc.repeated-tool-error');

    // A new Claude session in the project: the first prompt brings what the first one learned.
    const next = await call('UserPromptSubmit', { ...base, session_id: '5b0a6f8e-0000-4000-8000-000000000002', hook_event_name: 'UserPromptSubmit', prompt: 'try again' });
    expect(next).toMatchObject({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: expect.stringContaining("don't retry") as unknown } });
  });
});
