import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SCORED_ROWS } from './cap-words.js';
import { MAX_COORDINATED_WORDS, rankingSteps } from './ranking-steps.js';

const over = (word: string, extra = 0) => ({ word, n: MAX_SCORED_ROWS + 1 + extra });

describe('rankingSteps', () => {
  it('within the cap: one step over every row of every word, the whole match scored', () => {
    const counted = [{ word: 'a', n: 1500 }, { word: 'b', n: 500 }];
    expect(rankingSteps(counted, 30)).toEqual([{ words: counted, match: 'any', window: null }]);
  });

  it('past the cap with a word that fits: the rarest words that fit, as before', () => {
    expect(rankingSteps([over('common'), { word: 'rare', n: 30 }], 30)).toEqual([{ words: [{ word: 'rare', n: 30 }], match: 'any', window: null }]);
  });

  it('when every word passes the cap: the rows holding all of the rarest words first, then the three rarest, then each pair (the rarest first), then the newest rows of the rarest', () => {
    const steps = rankingSteps([over('d', 30), over('c', 20), over('a'), over('e', 40), over('b', 10)], 30);
    expect(steps.map((s) => [s.match, s.words.map((w) => w.word).join(' '), s.window])).toEqual([
      ['all', 'a b c d', MAX_SCORED_ROWS],
      ['all', 'a b c', MAX_SCORED_ROWS],
      ['all', 'a b', MAX_SCORED_ROWS],
      ['all', 'a c', MAX_SCORED_ROWS],
      ['all', 'a d', MAX_SCORED_ROWS],
      ['all', 'b c', MAX_SCORED_ROWS],
      ['all', 'b d', MAX_SCORED_ROWS],
      ['all', 'c d', MAX_SCORED_ROWS],
      ['any', 'a', 30],
    ]);
    // Two words: their pair, then the rarest alone.
    expect(rankingSteps([over('y'), over('x')], 5).map((s) => [s.match, s.words.map((w) => w.word).join(' ')])).toEqual([
      ['all', 'x y'],
      ['any', 'x'],
    ]);
  });

  it('asks nothing for no word, a zero limit, or stop words only', () => {
    expect(rankingSteps([], 30)).toEqual([]);
    expect(rankingSteps([{ word: 'a', n: 3 }], 0)).toEqual([]);
  });

  it('for any counts: conjunctions of 2 to MAX_COORDINATED_WORDS words, never more words after fewer, every window bounded, no step repeated', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.record({ word: fc.stringMatching(/^[a-z]{3,6}$/), n: fc.integer({ min: 0, max: 5 * MAX_SCORED_ROWS }) }), { selector: (w) => w.word, maxLength: 8 }), fc.integer({ min: 1, max: 3 * MAX_SCORED_ROWS }), (counted, limit) => {
        const steps = rankingSteps(counted, limit);
        const keys = steps.map((s) => `${s.match}:${s.words.map((w) => w.word).join(' ')}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const s of steps) {
          expect(s.words.length).toBeGreaterThan(0);
          if (s.match === 'all') expect(s.words.length).toBeLessThanOrEqual(MAX_COORDINATED_WORDS);
          // A step without a window scores every match: only when they are known to fit.
          if (s.window === null) expect(s.words.reduce((a, w) => a + w.n, 0)).toBeLessThanOrEqual(MAX_SCORED_ROWS);
          else expect(s.window).toBeLessThanOrEqual(MAX_SCORED_ROWS);
        }
        const all = steps.filter((s) => s.match === 'all');
        for (const s of all) expect(s.words.length).toBeGreaterThanOrEqual(2);
        all.forEach((s, i) => expect(s.words.length).toBeLessThanOrEqual(all[i - 1]?.words.length ?? MAX_COORDINATED_WORDS));
      }),
    );
  });
});
