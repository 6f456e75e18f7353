import { describe, expect, it } from 'vitest';
import { capWords, MAX_SCORED_ROWS } from './cap-words.js';

describe('capWords', () => {
  it('keeps every word while their rows together stay within the cap (small projects rank as before)', () => {
    const counted = [{ word: 'a', n: 1500 }, { word: 'b', n: 500 }];
    expect(capWords(counted)).toEqual({ words: counted, over: false });
  });

  it('leaves out the commonest words past the cap, rarest first', () => {
    const r = capWords([{ word: 'common', n: MAX_SCORED_ROWS + 1 }, { word: 'rare', n: 30 }, { word: 'mid', n: 1900 }]);
    expect(r).toEqual({ words: [{ word: 'rare', n: 30 }, { word: 'mid', n: 1900 }], over: false });
  });

  it('keeps the rarest alone, over the cap, when every word passes it', () => {
    expect(capWords([{ word: 'x', n: MAX_SCORED_ROWS + 1 }, { word: 'w', n: MAX_SCORED_ROWS + 1 }])).toEqual({ words: [{ word: 'w', n: MAX_SCORED_ROWS + 1 }], over: true });
  });
});
