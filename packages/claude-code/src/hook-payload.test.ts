import { describe, expect, it } from 'vitest';
import { parseHookPayload } from './hook-payload.js';

const base = { session_id: 'a1b2', transcript_path: '/t.jsonl', cwd: '/p', permission_mode: 'default' };
const json = (o: object) => JSON.stringify(o);

describe('parseHookPayload', () => {
  it('reads the fields engram uses and ignores the ones it does not know', () => {
    const p = parseHookPayload('pre-tool-use', json({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1', agent_id: 'x', future_field: [1] }));
    expect(p).toEqual({ hook: 'pre-tool-use', event: 'PreToolUse', sessionId: 'a1b2', cwd: '/p', toolName: 'Bash', toolInput: { command: 'ls' }, toolUseId: 'toolu_1' });
  });

  it('takes PostToolUseFailure on the post-tool-use command, with its error', () => {
    const p = parseHookPayload('post-tool-use', json({ ...base, hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: {}, error: 'Exit code 1', is_interrupt: false }));
    expect(p).toMatchObject({ event: 'PostToolUseFailure', error: 'Exit code 1', interrupted: false, toolUseId: undefined });
  });

  it('defaults what older Claude Code versions leave out', () => {
    expect(parseHookPayload('stop', json({ ...base, hook_event_name: 'Stop' }))).toMatchObject({ stopHookActive: false, lastAssistantMessage: '' });
    expect(parseHookPayload('session-start', json({ ...base, hook_event_name: 'SessionStart' }))).toMatchObject({ source: 'startup' });
  });

  it('names the field that is missing or mistyped', () => {
    expect(() => parseHookPayload('pre-tool-use', json({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: 'ls' }))).toThrow('field "tool_input": expected an object, got string');
    expect(() => parseHookPayload('pre-tool-use', json({ ...base, hook_event_name: 'PreToolUse', tool_input: {} }))).toThrow('field "tool_name": expected a non-empty string, got nothing');
    expect(() => parseHookPayload('stop', json({ ...base, session_id: 7, hook_event_name: 'Stop' }))).toThrow('field "session_id"');
    expect(() => parseHookPayload('stop', json({ ...base, hook_event_name: 'Stop', stop_hook_active: 'yes' }))).toThrow('field "stop_hook_active": expected true or false');
  });

  it('refuses an event wired to the wrong command, and stdin that is not a JSON object', () => {
    expect(() => parseHookPayload('stop', json({ ...base, hook_event_name: 'PreToolUse' }))).toThrow(/field "hook_event_name": engram hook stop handles Stop, got "PreToolUse"/);
    expect(() => parseHookPayload('stop', 'not json')).toThrow(/stdin is not JSON/);
    expect(() => parseHookPayload('stop', '[1]')).toThrow(/expected a JSON object/);
  });

  it('refuses a relative cwd (it would put .engram wherever the hook runs) and an oversized session id', () => {
    expect(() => parseHookPayload('stop', json({ ...base, cwd: 'project', hook_event_name: 'Stop' }))).toThrow('field "cwd": expected an absolute path, got "project"');
    expect(() => parseHookPayload('stop', json({ ...base, session_id: 'x'.repeat(1_000_000), hook_event_name: 'Stop' }))).toThrow("field \"session_id\": expected at most 256 characters (Claude Code's ids are UUIDs), got 1000000");
  });

  it('reports every bad field in one line, in the one input-error format', () => {
    expect(() => parseHookPayload('pre-tool-use', json({ ...base, cwd: 'rel', hook_event_name: 'PreToolUse', tool_name: '', tool_input: [] }))).toThrow('field "cwd": expected an absolute path, got "rel"');
    expect(() => parseHookPayload('pre-tool-use', json({ ...base, hook_event_name: 'PreToolUse', tool_name: '', tool_input: [] }))).toThrow('field "tool_name": expected a non-empty string, got an empty string; field "tool_input": expected an object, got an array');
  });
});

describe('PayloadError: tag and reason', () => {
  it.each([
    ['not json', 'not-json'],
    ['[1]', 'not-an-object'],
    [json({ ...base, hook_event_name: 'Stop' }), 'wrong-event'],
    [json({ ...base, hook_event_name: 'PreToolUse', tool_name: 7 }), 'invalid-field'],
  ] as const)('%s: %s', (stdin, reason) => {
    expect(() => parseHookPayload('pre-tool-use', stdin)).toThrow(expect.objectContaining({ _tag: 'PayloadError', reason }));
  });
});
