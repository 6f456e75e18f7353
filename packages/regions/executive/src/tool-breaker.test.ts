import { describe, expect, it } from 'vitest';
import { breakerCall, breakerVerdict, defaultBreakerParams, NO_STREAKS, recordToolResult, unknownCall, type Streaks } from './tool-breaker.js';

const call = (tool: string, input: unknown = { path: 'a.csv' }) => breakerCall(tool, input);
const fail = (s: Streaks, tool: string, error: string, input?: unknown): Streaks => recordToolResult(s, call(tool, input), false, error);

describe('breakerVerdict', () => {
  it('allows, then warns after two identical failures, then blocks after three', () => {
    const p = defaultBreakerParams;
    let s = NO_STREAKS;
    expect(breakerVerdict(s, call('publish'), p).action).toBe('allow');
    s = fail(s, 'publish', "Refusing to save record for engine='gmail-1'");
    expect(breakerVerdict(s, call('publish'), p).action).toBe('allow');
    s = fail(s, 'publish', "Refusing to save record for engine='gmail-2'");
    expect(breakerVerdict(s, call('publish'), p)).toMatchObject({ action: 'warn', failures: 2, signature: "refusing to save record for engine='x'", input: call('publish').input });
    s = fail(s, 'publish', "Refusing to save record for engine='gmail-3'");
    const block = breakerVerdict(s, call('publish'), p);
    expect(block.action).toBe('block');
    if (block.action === 'block') expect(block.explanation).toBe(`this exact publish call failed 3 times this turn with "Refusing to save record for engine='gmail-3'"; change its input before retrying (other publish calls still run), try another way, or tell the user.`);
  });

  it('judges each input of a tool on its own: a different command of the same tool is allowed', () => {
    const p = defaultBreakerParams;
    let s = NO_STREAKS;
    for (let i = 0; i < 3; i++) s = fail(s, 'Bash', 'npm ERR! Missing script: "biuld"\nnpm ERR! see the log', { command: 'npm run biuld' });
    const same = breakerVerdict(s, call('Bash', { command: 'npm run biuld' }), p);
    expect(same.action).toBe('block');
    if (same.action === 'block')
      expect(same.explanation).toBe('this exact Bash command failed 3 times this turn with "npm ERR! Missing script: \\"biuld\\""; change the command or its arguments before retrying (other Bash commands still run), try another way, or tell the user.');
    expect(breakerVerdict(s, call('Bash', { command: 'echo recovered' }), p).action).toBe('allow');
    expect(breakerVerdict(s, call('Bash', { command: 'npm run build' }), p).action).toBe('allow');
  });

  it('keys a streak on the error line: debug prints before it do not make another error, and the block quotes that line (issue 24)', () => {
    const p = defaultBreakerParams;
    const cmd = { command: 'python reproduce.py' };
    let s = NO_STREAKS;
    for (let i = 0; i < 3; i++) s = fail(s, 'Bash', `Exit code 1\ndebug ${i}: ${'x'.repeat(i * 50)}\nTraceback (most recent call last):\n  File "reproduce.py", line ${i + 3}\nKeyError: 'id'`, cmd);
    const v = breakerVerdict(s, call('Bash', cmd), p);
    expect(v).toMatchObject({ action: 'block', failures: 3 });
    if (v.action === 'block') expect(v.explanation).toContain(`with "KeyError: 'id'"`);
  });

  it('lifts every streak once a call that changes files worked: the reason for the block may no longer hold (issue 24)', () => {
    const p = defaultBreakerParams;
    const cmd = { command: 'python reproduce.py' };
    let s = NO_STREAKS;
    for (let i = 0; i < 3; i++) s = fail(s, 'Bash', "KeyError: 'id'", cmd);
    expect(breakerVerdict(s, call('Bash', cmd), p).action).toBe('block');
    expect(breakerVerdict(recordToolResult(s, call('Bash', { command: 'grep -n id reproduce.py' }), true, ''), call('Bash', cmd), p).action).toBe('block');
    expect(breakerVerdict(recordToolResult(s, call('Bash', { command: "sed -i 's/id/key/' reproduce.py" }), true, ''), call('Bash', cmd), p).action).toBe('allow');
    expect(breakerVerdict(recordToolResult(s, call('Edit', { file_path: 'reproduce.py', old_string: 'a', new_string: 'b' }), true, ''), call('Bash', cmd), p).action).toBe('allow');
    expect(breakerVerdict(recordToolResult(s, call('Edit', { file_path: 'reproduce.py', old_string: 'a', new_string: 'b' }), false, 'no match'), call('Bash', cmd), p).action).toBe('block');
  });

  it('treats inputs that differ only in key order, the description or surrounding whitespace as the same call', () => {
    const p = defaultBreakerParams;
    let s = NO_STREAKS;
    s = fail(s, 'Bash', 'exit 1', { command: 'make test', description: 'Run the tests', timeout: 60000 });
    s = fail(s, 'Bash', 'exit 1', { timeout: 60000, command: 'make test\n', description: 'Run the tests again' });
    s = fail(s, 'Bash', 'exit 1', { command: '  make test', timeout: 60000 });
    expect(breakerVerdict(s, call('Bash', { description: 'One more time', command: 'make test', timeout: 60000 }), p)).toMatchObject({ action: 'block', failures: 3 });
    expect(breakerVerdict(s, call('Bash', { command: 'make test', timeout: 120000 }), p).action).toBe('allow');
  });

  it('restarts the count on a success of that call or a different error, per call', () => {
    const p = defaultBreakerParams;
    let s = fail(fail(fail(NO_STREAKS, 'a', 'x'), 'a', 'x'), 'b', 'x');
    expect(breakerVerdict(s, call('b'), p).action).toBe('allow');
    expect(breakerVerdict(s, call('a'), p).action).toBe('warn');
    // Another input of `a` succeeding does not clear this input's streak.
    s = recordToolResult(s, call('a', { path: 'b.csv' }), true, '');
    expect(breakerVerdict(s, call('a'), p).action).toBe('warn');
    s = fail(s, 'a', 'something else');
    expect(breakerVerdict(s, call('a'), p).action).toBe('allow');
    s = recordToolResult(fail(s, 'a', 'something else'), call('a'), true, '');
    expect(breakerVerdict(s, call('a'), p).action).toBe('allow');
  });

  it('counts results whose call is unknown under the tool alone', () => {
    let s = NO_STREAKS;
    for (let i = 0; i < 3; i++) s = recordToolResult(s, unknownCall('publish'), false, 'refused');
    expect(breakerVerdict(s, unknownCall('publish'), defaultBreakerParams).action).toBe('block');
    expect(breakerVerdict(s, call('publish'), defaultBreakerParams).action).toBe('allow');
  });

  it('takes per-tool limits and never changes the streaks it is given', () => {
    const p = { warnAt: 2, blockAt: 3, perTool: { poll: { warnAt: 5, blockAt: 10 } } };
    let s = NO_STREAKS;
    for (let i = 0; i < 4; i++) s = fail(s, 'poll', 'not ready');
    expect(breakerVerdict(s, call('poll'), p).action).toBe('allow');
    const before = s;
    for (let i = 0; i < 3; i++) s = fail(s, 'x', 'e');
    expect(breakerVerdict(s, call('x'), p).action).toBe('block');
    expect(breakerVerdict(before, call('x'), p).action).toBe('allow');
    expect(NO_STREAKS.size).toBe(0);
  });
});
