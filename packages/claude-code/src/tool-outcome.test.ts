import { describe, expect, it } from 'vitest';
import type { PostToolPayload } from './hook-payload.js';
import { MAX_RESULT_CHARS, toolOutcome } from './tool-outcome.js';

const post = (over: Partial<PostToolPayload>): PostToolPayload => ({ hook: 'post-tool-use', event: 'PostToolUse', sessionId: 's', cwd: '/p', toolName: 'Bash', toolInput: {}, toolUseId: 't', toolResponse: undefined, error: undefined, interrupted: false, ...over });

describe('toolOutcome', () => {
  it('is a success with the output for an ordinary response', () => {
    expect(toolOutcome(post({ toolResponse: { stdout: 'ok\n', stderr: '', interrupted: false, isImage: false } }))).toEqual({ ok: true, output: 'ok\n', error: '' });
    expect(toolOutcome(post({ toolName: 'Read', toolResponse: 'file text' }))).toEqual({ ok: true, output: 'file text', error: '' });
  });

  it('is a failure for PostToolUseFailure, with its error', () => {
    expect(toolOutcome(post({ event: 'PostToolUseFailure', error: 'Exit code 1\nboom' }))).toEqual({ ok: false, output: '', error: 'Exit code 1\nboom' });
    expect(toolOutcome(post({ event: 'PostToolUseFailure', interrupted: true }))).toMatchObject({ ok: false, error: 'interrupted' });
  });

  it('is a failure when the response says so: an error flag, a non-zero exit, an interruption, an error string', () => {
    for (const r of [{ is_error: true, content: 'no' }, { exit_code: 2, stderr: 'bad' }, { interrupted: true, stdout: '' }, { success: false, error: 'refused' }, { error: 'refused' }])
      expect(toolOutcome(post({ toolResponse: r })).ok).toBe(false);
    expect(toolOutcome(post({ toolResponse: { exit_code: 2, stderr: 'bad' } })).error).toBe('bad');
    expect(toolOutcome(post({ toolResponse: { exit_code: 0, stdout: 'fine' } })).ok).toBe(true);
  });

  it('keeps MAX_RESULT_CHARS of what a tool said, its head and its tail, and says how much was cut', () => {
    const out = toolOutcome(post({ toolResponse: `${'x'.repeat(MAX_RESULT_CHARS + 10)}\nKeyError: 'id'` })).output;
    expect(out.startsWith('x'.repeat(100))).toBe(true);
    expect(out).toContain('[25 more characters]');
    expect(out.endsWith("KeyError: 'id'")).toBe(true);
  });

  it('keeps the error line a failed call printed last, after a long output (issue 24)', () => {
    const error = toolOutcome(post({ event: 'PostToolUseFailure', error: `Exit code 1\n${'debug print\n'.repeat(400)}ModuleNotFoundError: No module named 'x'` })).error;
    expect(error.endsWith("ModuleNotFoundError: No module named 'x'")).toBe(true);
  });

  it('scrubs a result before cutting it, so the cut cannot leave half a URL password behind (issue 11)', () => {
    const password = ['Wh0le', 'Secret', 'Passw0rd', 'ForTheDb99'].join('');
    const body = `${'x'.repeat(MAX_RESULT_CHARS - 40)} postgres://etl:${password}@db.internal/sales`;
    const out = toolOutcome(post({ toolResponse: body })).output;
    expect(out).not.toContain(password.slice(0, 6));
    expect(out).toContain('postgres://etl:[REDACTED:url-password]');
  });

  it('keeps a 5,000-deep response instead of failing on it', () => {
    let deep: unknown = { stdout: 'bottom' };
    for (let i = 0; i < 5000; i++) deep = { next: deep };
    const out = toolOutcome(post({ toolResponse: { content: deep } }));
    expect(out.ok).toBe(true);
    expect(out.output).toContain('"next"');
  });
});
