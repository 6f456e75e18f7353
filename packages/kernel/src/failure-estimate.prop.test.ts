import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateFailure, type OutcomeEvidence } from './failure-estimate.js';

const evidence = fc.record({ runs: fc.integer({ min: 0, max: 500 }), fails: fc.integer({ min: 0, max: 500 }) }).map((e): OutcomeEvidence => ({ runs: e.runs, fails: Math.min(e.fails, e.runs) }));

describe('estimateFailure (properties)', () => {
  it('is a probability: in [0, 1] for any record', () => {
    fc.assert(
      fc.property(evidence, fc.array(evidence, { maxLength: 5 }), (project, levels) => {
        const p = estimateFailure(project, levels);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });

  it('is monotone in failures: a run that failed never lowers the estimate below the same run succeeding, at any level', () => {
    fc.assert(
      fc.property(evidence, fc.array(evidence, { minLength: 1, maxLength: 5 }), fc.nat(), (project, levels, pick) => {
        const at = pick % levels.length;
        const with_ = (extra: (e: OutcomeEvidence) => OutcomeEvidence) => levels.map((l, i) => (i === at ? extra(l) : l));
        const failed = estimateFailure(project, with_((l) => ({ runs: l.runs + 1, fails: l.fails + 1 })));
        const worked = estimateFailure(project, with_((l) => ({ runs: l.runs + 1, fails: l.fails })));
        expect(failed).toBeGreaterThanOrEqual(worked - 1e-12);
        expect(estimateFailure({ runs: project.runs + 1, fails: project.fails + 1 }, levels)).toBeGreaterThanOrEqual(estimateFailure({ runs: project.runs + 1, fails: project.fails }, levels) - 1e-12);
      }),
      { numRuns: 300 },
    );
  });
});
