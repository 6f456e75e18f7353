import { describe, expect, it } from 'vitest';
import { isTagged, TaggedError } from './tagged-error.js';

class ExampleError extends TaggedError('ExampleError')<{ readonly reason: 'bad-line' | 'missing'; readonly file: string; readonly line: number; readonly message: string; readonly cause?: unknown }> {}

describe('TaggedError', () => {
  it('carries the tag, the reason, the fields and the message, and is an Error of its class', () => {
    const e = new ExampleError({ reason: 'bad-line', file: 'a.json', line: 3, message: 'a.json:3: not JSON' });
    expect(e).toBeInstanceOf(Error);
    expect(e).toBeInstanceOf(ExampleError);
    expect(e._tag).toBe('ExampleError');
    expect(e.reason).toBe('bad-line');
    expect([e.file, e.line]).toEqual(['a.json', 3]);
    expect(e.message).toBe('a.json:3: not JSON');
    expect(e.name).toBe('ExampleError');
    expect(Error.prototype.toString.call(e)).toBe('ExampleError: a.json:3: not JSON');
    expect(e.stack?.split('\n')[0]).toBe('ExampleError: a.json:3: not JSON');
  });

  it('keeps a cause as the standard Error cause', () => {
    const cause = new Error('EACCES');
    expect(new ExampleError({ reason: 'missing', file: 'b', line: 0, message: 'b: cannot read', cause }).cause).toBe(cause);
  });

  it('tells tagged errors from plain ones', () => {
    expect(isTagged(new ExampleError({ reason: 'missing', file: 'b', line: 0, message: 'm' }))).toBe(true);
    expect(isTagged(new Error('plain'))).toBe(false);
    expect(isTagged({ _tag: 'NotAnError' })).toBe(false);
  });
});
