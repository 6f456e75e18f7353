import { describe, expect, it } from 'vitest';
import { cutChars } from './cut-chars.js';

describe('cutChars', () => {
  it('keeps short text and cuts long text to the limit', () => {
    expect(cutChars('abc', 5)).toBe('abc');
    expect(cutChars('abcdef', 3)).toBe('abc');
  });
  it('counts code points as Python does, never splitting a surrogate pair', () => {
    expect(cutChars('😀😀😀', 2)).toBe('😀😀');
    expect(cutChars('a😀b', 2)).toBe('a😀');
  });
});
