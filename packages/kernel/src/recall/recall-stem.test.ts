import { describe, expect, it } from 'vitest';
import { recallStem } from './recall-stem.js';
import { dateTerms, recallTerms } from './recall-terms.js';

describe('recallStem', () => {
  it('brings inflections of one word together', () => {
    for (const group of [
      ['paint', 'paints', 'painted', 'painting'],
      ['love', 'loved', 'loves', 'loving'],
      ['run', 'running'],
      ['hobby', 'hobbies'],
      ['box', 'boxes'],
    ])
      expect(new Set(group.map(recallStem)).size).toBe(1);
  });

  it('leaves short words, numbers and words that only look inflected', () => {
    expect(recallStem('bed')).toBe('bed');
    expect(recallStem('2023')).toBe('2023');
    expect(recallStem('speed')).toBe('speed');
    expect(recallStem('class')).toBe('class');
    expect(recallStem('thing')).toBe('thing');
  });
});

describe('recall terms', () => {
  it('drops stop words and stems the rest', () => {
    expect(recallTerms('What did Ana paint in the mornings?')).toEqual(['ana', 'paint', 'morn']);
  });
  it('reads a date as its month and year', () => {
    expect(dateTerms(Date.UTC(2023, 4, 8))).toEqual(['may', '2023']);
    expect(dateTerms(null)).toEqual([]);
  });
});
