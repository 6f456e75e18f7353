import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weighEvidence, type OutcomeEvidence } from './failure-estimate.js';

const evidence = fc.record({ runs: fc.integer({ min: 0, max: 300 }), fails: fc.integer({ min: 0, max: 300 }) }).map((e): OutcomeEvidence => ({ runs: e.runs, fails: Math.min(e.fails, e.runs) }));
const chance = fc.double({ min: 0, max: 1, noNaN: true });

describe('weighEvidence', () => {
  // Why (issue 24): a new script's first run fails more often the longer it is; the size class's
  // record moves the estimate by how it differs from all new scripts, and by nothing else.
  it('given no broad record, or a narrow one with no runs, then the estimate is left as it was', () => {
    expect(weighEvidence(0.42, { runs: 5, fails: 5 }, { runs: 0, fails: 0 })).toBe(0.42);
    expect(weighEvidence(0.42, { runs: 0, fails: 0 }, { runs: 40, fails: 10 })).toBeCloseTo(0.42, 9);
  });

  it('given long new scripts that failed 9 of 10 first runs where all new scripts failed 10 of 40, then a 0.4 estimate rises above 0.6; short ones that all worked lower it below 0.2', () => {
    expect(weighEvidence(0.4, { runs: 10, fails: 9 }, { runs: 40, fails: 10 })).toBeGreaterThan(0.6);
    expect(weighEvidence(0.4, { runs: 20, fails: 0 }, { runs: 40, fails: 10 })).toBeLessThan(0.2);
  });

  it('property: a probability, and never lower for one more failure in place of a success in the narrow record', () => {
    fc.assert(
      fc.property(chance, evidence, evidence, (estimate, narrow, broad) => {
        const p = weighEvidence(estimate, narrow, broad);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
        const failed = weighEvidence(estimate, { runs: narrow.runs + 1, fails: narrow.fails + 1 }, broad);
        const worked = weighEvidence(estimate, { runs: narrow.runs + 1, fails: narrow.fails }, broad);
        expect(failed).toBeGreaterThanOrEqual(worked - 1e-12);
      }),
      { numRuns: 300 },
    );
  });
});
