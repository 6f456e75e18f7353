import { describe, expect, it } from 'vitest';
import { episodeMatcher } from './episode-matcher.js';

describe('episodeMatcher', () => {
  it('matches a case-insensitive literal substring', () => {
    expect(episodeMatcher('CsV')('read the csv file')).toBe(true);
    expect(episodeMatcher('a.b')('axb')).toBe(false);
    expect(episodeMatcher('(x)[y]{z}*+?^$|\\/-')('pre (X)[Y]{Z}*+?^$|\\/- post')).toBe(true);
  });
  it('folds non-ASCII case', () => expect(episodeMatcher('CAFÉ')('un café noir')).toBe(true));
});
