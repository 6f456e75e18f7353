import { describe, expect, it } from 'vitest';
import { breakerVerdict, defaultBreakerParams, NO_STREAKS, recordToolResult, type Streaks } from './tool-breaker.js';

const fail = (s: Streaks, tool: string, error: string): Streaks => recordToolResult(s, tool, false, error);

describe('breakerVerdict', () => {
  it('allows, then warns after two identical failures, then blocks after three', () => {
    const p = defaultBreakerParams;
    let s = NO_STREAKS;
    expect(breakerVerdict(s, 'publish', p).action).toBe('allow');
    s = fail(s, 'publish', "Refusing to save record for engine='gmail-1'");
    expect(breakerVerdict(s, 'publish', p).action).toBe('allow');
    s = fail(s, 'publish', "Refusing to save record for engine='gmail-2'");
    expect(breakerVerdict(s, 'publish', p)).toMatchObject({ action: 'warn', failures: 2, signature: "Refusing to save record for engine='X'" });
    s = fail(s, 'publish', "Refusing to save record for engine='gmail-3'");
    const block = breakerVerdict(s, 'publish', p);
    expect(block.action).toBe('block');
    if (block.action === 'block') expect(block.explanation).toMatch(/failed 3 times/);
  });

  it('restarts the count on a success or a different error, per tool', () => {
    const p = defaultBreakerParams;
    let s = fail(fail(fail(NO_STREAKS, 'a', 'x'), 'a', 'x'), 'b', 'x');
    expect(breakerVerdict(s, 'b', p).action).toBe('allow');
    expect(breakerVerdict(s, 'a', p).action).toBe('warn');
    s = fail(s, 'a', 'something else');
    expect(breakerVerdict(s, 'a', p).action).toBe('allow');
    s = recordToolResult(fail(s, 'a', 'something else'), 'a', true, '');
    expect(breakerVerdict(s, 'a', p).action).toBe('allow');
  });

  it('takes per-tool limits and never changes the streaks it is given', () => {
    const p = { warnAt: 2, blockAt: 3, perTool: { poll: { warnAt: 5, blockAt: 10 } } };
    let s = NO_STREAKS;
    for (let i = 0; i < 4; i++) s = fail(s, 'poll', 'not ready');
    expect(breakerVerdict(s, 'poll', p).action).toBe('allow');
    const before = s;
    for (let i = 0; i < 3; i++) s = fail(s, 'x', 'e');
    expect(breakerVerdict(s, 'x', p).action).toBe('block');
    expect(breakerVerdict(before, 'x', p).action).toBe('allow');
    expect(NO_STREAKS.size).toBe(0);
  });
});
