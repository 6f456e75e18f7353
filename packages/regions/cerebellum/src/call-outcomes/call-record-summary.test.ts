import { callPattern } from '@engram/kernel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callRecordSummary } from './call-record-summary.js';
import { ALL_CALLS_KEY, countRun, EMPTY_OUTCOMES, outcomeKeys, type OutcomeTable } from './outcome-table.js';

/** A project's record after `runs` of commands, each with its outcome, counted as the call-outcome core counts them. */
const recordOf = (runs: readonly (readonly [string, boolean, string])[]): OutcomeTable => {
  let t = EMPTY_OUTCOMES;
  runs.forEach(([command, ok, line], i) => {
    const k = outcomeKeys(callPattern('Bash', { command }), { command }, 'first');
    const keys = k === null ? [ALL_CALLS_KEY] : [ALL_CALLS_KEY, k.program, k.pattern, k.exact, k.situation];
    t = countRun(t, keys, ok, line, `2026-01-01T00:00:${String(i).padStart(2, '0')}Z`);
  });
  return t;
};

describe('callRecordSummary', () => {
  it('given a record of three patterns, when summed up, then it counts the patterns once each and lists the failing ones, most failures first, with their latest error line', () => {
    const t = recordOf([
      ['python -m pytest tests/a.py', false, "ModuleNotFoundError: No module named 'pytest'"],
      ['python -m pytest tests/b.py', false, "ModuleNotFoundError: No module named 'pytest_django'"],
      ['make test', false, 'make: *** No rule to make target'],
      ['ls', true, ''],
      ['python -m pytest', true, ''],
    ]);
    const s = callRecordSummary(t);
    expect(s).toEqual({
      patterns: 3,
      calls: 5,
      fails: 3,
      top: [
        { pattern: 'Bash python -m pytest', runs: 3, fails: 2, line: "ModuleNotFoundError: No module named 'pytest_django'" },
        { pattern: 'Bash make test', runs: 1, fails: 1, line: 'make: *** No rule to make target' },
      ],
    });
  });

  it('given an empty record, then it holds nothing and lists nothing', () => {
    expect(callRecordSummary(EMPTY_OUTCOMES)).toEqual({ patterns: 0, calls: 0, fails: 0, top: [] });
  });

  it('property: the list is at most `top` long, holds only failing patterns, sorted by failures, and never more failures than the project has', () => {
    const command = fc.constantFrom('python -m pytest', 'make test', 'npm test', 'ls', 'python x.py', 'cargo build', 'go test');
    fc.assert(
      fc.property(fc.array(fc.tuple(command, fc.boolean(), fc.constantFrom('', 'boom')), { maxLength: 40 }), fc.integer({ min: 0, max: 6 }), (runs, top) => {
        const s = callRecordSummary(recordOf(runs), top);
        expect(s.top.length).toBeLessThanOrEqual(top);
        expect(s.top.every((p) => p.fails > 0 && p.fails <= p.runs)).toBe(true);
        for (let i = 1; i < s.top.length; i++) expect(s.top[i - 1]!.fails).toBeGreaterThanOrEqual(s.top[i]!.fails);
        expect(s.top.reduce((n, p) => n + p.fails, 0)).toBeLessThanOrEqual(s.fails);
        expect(s.calls).toBe(runs.length);
      }),
      { numRuns: 100 },
    );
  });
});
