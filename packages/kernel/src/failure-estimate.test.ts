import { describe, expect, it } from 'vitest';
import { defaultEstimateParams, estimateFailure, worthWarning } from './failure-estimate.js';

const NONE = { runs: 0, fails: 0 };

describe('estimateFailure', () => {
  it('given no record, then it is the default base rate, and no warning', () => {
    expect(estimateFailure(NONE, [NONE, NONE])).toBeCloseTo(defaultEstimateParams.defaultBaseRate);
    expect(worthWarning(estimateFailure(NONE, []))).toBe(false);
  });

  // Why (issue 24): a lesson about a script written afresh each session was said before every run
  // of it, though the script failed in only one run of four: the warning was wrong 3 times in 4.
  it('given a pattern that failed 1 run in 4 in this project, then a call of it is not worth a warning', () => {
    const project = { runs: 400, fails: 28 };
    const program = { runs: 100, fails: 20 };
    const pattern = { runs: 40, fails: 10 };
    expect(worthWarning(estimateFailure(project, [program, pattern, pattern]))).toBe(false);
  });

  it('given a pattern that failed 8 runs in 10, then it is worth a warning even with no lesson', () => {
    expect(worthWarning(estimateFailure({ runs: 400, fails: 28 }, [{ runs: 20, fails: 12 }, { runs: 10, fails: 8 }]))).toBe(true);
  });

  it('given one failure of a call only, then the estimate moves toward it but not all the way', () => {
    const p = estimateFailure({ runs: 100, fails: 10 }, [{ runs: 1, fails: 1 }]);
    expect(p).toBeGreaterThan(0.1);
    expect(p).toBeLessThan(1);
  });
});
