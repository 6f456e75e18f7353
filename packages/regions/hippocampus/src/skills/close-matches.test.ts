import { describe, expect, it } from 'vitest';
import { closeMatches } from './close-matches.js';

/** Expected values from CPython 3.11's `difflib.get_close_matches(word, possibilities, n=1, cutoff=0.6)`. */
describe('closeMatches (difflib.get_close_matches parity)', () => {
  it('finds the typo', () => expect(closeMatches('csv-sumary', ['csv-summary', 'csv-helper', 'summary-x'], 1, 0.6)).toEqual(['csv-summary']));
  it("rates the candidate as a and the word as b ('ab-' 0.8 vs 'ba-' 0.4)", () => expect(closeMatches('ab', ['ab-', 'ba-'], 1, 0.6)).toEqual(['ab-']));
  it('breaks a tie towards the larger candidate', () => expect(closeMatches('abcd', ['abce', 'abcf'], 1, 0.6)).toEqual(['abcf']));
  it('finds nothing under the cutoff', () => {
    expect(closeMatches('csv', ['csv-summary'], 1, 0.6)).toEqual([]);
    expect(closeMatches('xyzzy', ['csv-summary'], 1, 0.6)).toEqual([]);
  });
  it('orders several by score', () => expect(closeMatches('csv-sumary', ['summary', 'csv-summary', 'xx'], 3, 0.6)).toEqual(['csv-summary', 'summary']));
  it('refuses n <= 0 and a cutoff outside [0, 1], as Python does', () => {
    expect(() => closeMatches('a', [], 0)).toThrow(RangeError);
    expect(() => closeMatches('a', [], 1, 1.5)).toThrow(RangeError);
  });
});
