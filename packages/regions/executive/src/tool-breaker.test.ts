import { describe, expect, it } from 'vitest';
import { ToolBreaker } from './tool-breaker.js';

describe('ToolBreaker', () => {
  it('allows, then warns after two identical failures, then blocks after three', () => {
    const b = new ToolBreaker();
    expect(b.check('publish').action).toBe('allow');
    b.record('publish', false, "Refusing to save record for engine='gmail-1'");
    expect(b.check('publish').action).toBe('allow');
    b.record('publish', false, "Refusing to save record for engine='gmail-2'");
    const warn = b.check('publish');
    expect(warn).toMatchObject({ action: 'warn', failures: 2, signature: "Refusing to save record for engine='X'" });
    b.record('publish', false, "Refusing to save record for engine='gmail-3'");
    const block = b.check('publish');
    expect(block.action).toBe('block');
    if (block.action === 'block') expect(block.explanation).toMatch(/failed 3 times/);
  });

  it('restarts the count on a success or a different error, per tool', () => {
    const b = new ToolBreaker();
    b.record('a', false, 'x');
    b.record('a', false, 'x');
    b.record('b', false, 'x');
    expect(b.check('b').action).toBe('allow');
    b.record('a', false, 'something else');
    expect(b.check('a').action).toBe('allow');
    b.record('a', false, 'something else');
    b.record('a', true, '');
    expect(b.check('a').action).toBe('allow');
  });

  it('takes per-tool limits and resets per turn', () => {
    const b = new ToolBreaker({ warnAt: 2, blockAt: 3, perTool: { poll: { warnAt: 5, blockAt: 10 } } });
    for (let i = 0; i < 4; i++) b.record('poll', false, 'not ready');
    expect(b.check('poll').action).toBe('allow');
    b.reset();
    for (let i = 0; i < 3; i++) b.record('x', false, 'e');
    expect(b.check('x').action).toBe('block');
    b.reset();
    expect(b.check('x').action).toBe('allow');
  });
});
