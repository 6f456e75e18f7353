import { describe, expect, it } from 'vitest';
import { hitAt, recallAt, scoreRecall } from './recall-scores.js';

describe('recall scores', () => {
  it('counts the distinct evidence found among the first k distinct ids', () => {
    const o = { evidence: ['D1:3', 'D2:1'], ranked: ['D9:9', 'D1:3', 'D1:3', 'D4:4', 'D2:1'] };
    expect(recallAt(o, 1)).toBe(0);
    expect(recallAt(o, 2)).toBe(0.5);
    expect(recallAt(o, 3)).toBe(0.5);
    expect(recallAt(o, 4)).toBe(1); // the repeated D1:3 takes no second place
    expect(hitAt(o, 1)).toBe(0);
    expect(hitAt(o, 10)).toBe(1);
  });

  it('leaves questions without evidence out of the means', () => {
    const s = scoreRecall([
      { evidence: ['a'], ranked: ['a'] },
      { evidence: ['b', 'c'], ranked: ['x', 'x', 'c'] },
      { evidence: [], ranked: ['a'] },
    ]);
    expect(s).toEqual({ questions: 2, recallAt1: 0.5, recallAt5: 0.75, recallAt10: 0.75, hitAt10: 1 });
  });
});
