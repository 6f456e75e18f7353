import { describe, expect, it } from 'vitest';
import { score } from './score.js';

describe('score', () => {
  it('computes precision, recall and F1 from the counts', () => {
    expect(score({ tp: 8, fp: 2, fn: 2, tn: 88 })).toEqual({ precision: 0.8, recall: 0.8, f1: 0.8 });
    expect(score({ tp: 9, fp: 1, fn: 0, tn: 0 })).toEqual({ precision: 0.9, recall: 1, f1: 0.9474 });
  });

  it('reads silence on a mix without the pattern as perfect, firing on it as precision 0', () => {
    expect(score({ tp: 0, fp: 0, fn: 0, tn: 10 })).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(score({ tp: 0, fp: 3, fn: 0, tn: 7 })).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(score({ tp: 0, fp: 0, fn: 4, tn: 6 })).toEqual({ precision: 0, recall: 0, f1: 0 });
  });
});
