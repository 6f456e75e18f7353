import { describe, expect, it } from 'vitest';
import { SequenceMatcher } from './sequence-matcher.js';

/**
 * Expected values computed once with CPython 3.11 at dev time:
 * `s = difflib.SequenceMatcher(None, a, b); s.ratio(), s.quick_ratio(), s.real_quick_ratio()`.
 */
const CASES: readonly (readonly [string, string, number, number, number])[] = [
  ['csv-summary', 'csv-sumary', 0.9523809523809523, 0.9523809523809523, 0.9523809523809523],
  ['csv-summary', 'csv-summary', 1.0, 1.0, 1.0],
  ['csv-summary', 'summary', 0.7777777777777778, 0.7777777777777778, 0.7777777777777778],
  ['csv-summary', 'csv', 0.42857142857142855, 0.42857142857142855, 0.42857142857142855],
  ['csv-summary', 'xyzzy', 0.125, 0.125, 0.625],
  ['abcd', 'bcda', 0.75, 1.0, 1.0],
  ['bcda', 'abcd', 0.75, 1.0, 1.0],
  ['tide', 'diet', 0.25, 1.0, 1.0],
  ['diet', 'tide', 0.5, 1.0, 1.0],
  ['', '', 1.0, 1.0, 1.0],
  ['a', '', 0.0, 0.0, 0.0],
  ['abxcd', 'abcd', 0.8888888888888888, 0.8888888888888888, 0.8888888888888888],
  ['web-scraping-v2', 'web-scrape', 0.72, 0.72, 0.8],
  ['qabxcd', 'abycdf', 0.6666666666666666, 0.6666666666666666, 1.0],
  ['private Thread currentThread;', 'private volatile Thread currentThread;', 0.8656716417910447, 0.8656716417910447, 0.8656716417910447],
  ['aaab', 'abaa', 0.5, 1.0, 1.0],
  ['日本語テキスト', '日本語のテキスト', 0.9333333333333333, 0.9333333333333333, 0.9333333333333333],
];

describe('SequenceMatcher (difflib parity)', () => {
  it.each(CASES)('%j vs %j', (a, b, ratio, quick, realQuick) => {
    const m = new SequenceMatcher(a, b);
    expect(m.ratio()).toBe(ratio);
    expect(m.quickRatio()).toBe(quick);
    expect(m.realQuickRatio()).toBe(realQuick);
  });

  it('applies the autojunk heuristic to b of 200+ characters (popular characters cannot start a block)', () => {
    expect(new SequenceMatcher('x'.repeat(10) + 'ab'.repeat(150), 'ab'.repeat(110) + 'c'.repeat(10)).ratio()).toBe(0.0);
    expect(new SequenceMatcher('abc'.repeat(70), `c${'abc'.repeat(69)}zz`).ratio()).toBe(0.0);
  });

  it('still extends a block over popular characters, as difflib does', () => {
    // difflib: matching blocks [(0, 197, 6)], ratio 0.05741626794258373
    const m = new SequenceMatcher('aaabcd', `${'a'.repeat(200)}bcd`);
    expect(m.matchingBlocks()).toEqual([{ a: 0, b: 197, size: 6 }]);
    expect(m.ratio()).toBe(0.05741626794258373);
    // Every character of b is popular, yet the extension from (0, 0) finds 'hello '.
    const h = new SequenceMatcher('hello world', 'hello  world '.repeat(20));
    expect(h.matchingBlocks()).toEqual([{ a: 0, b: 0, size: 6 }]);
    expect(h.ratio()).toBe(0.04428044280442804);
    expect(new SequenceMatcher(`xyz${'e'.repeat(5)}q`, `q${'e'.repeat(250)}xyz`).ratio()).toBe(0.022813688212927757);
  });
});
