import { callPattern } from '@engram/kernel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WrittenScript } from './call-outcome-core.js';
import { callWarning, defaultCallWarningParams } from './call-warning.js';
import { ALL_CALLS_KEY, countRun, EMPTY_OUTCOMES, outcomeKeys, runKeys, type OutcomeTable } from './outcome-table.js';

const AT = '2026-11-01T00:00:00.000Z';
const COMMAND = 'python repro.py';
const call = callPattern('Bash', { command: COMMAND });

/** A project record of `runs` first runs of the script, `fails` of them failed, among `others` calls that worked, and a name found missing. */
const recordOf = (runs: number, fails: number, others: number): OutcomeTable => {
  const keys = outcomeKeys(call, { command: COMMAND }, 'first');
  let t = EMPTY_OUTCOMES;
  for (let i = 0; i < others; i++) t = countRun(t, [ALL_CALLS_KEY], true, '', AT);
  for (let i = 0; i < runs; i++) t = countRun(t, runKeys(keys), i >= fails, i < fails ? 'E' : '', AT);
  return countRun(t, ['m:absent_name'], false, "No module named 'absent_name'", AT);
};

const written = (words: readonly string[]): ReadonlyMap<string, WrittenScript> => new Map([['repro.py', { lines: 10, words, worked: false }]]);

describe('callWarning (properties)', () => {
  it('mentioning a name the project found missing never lowers the estimate, and keeps it a probability', () => {
    const p = { ...defaultCallWarningParams, warnAt: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 200 }), (runs, fails, others) => {
        const stored = recordOf(runs, Math.min(fails, runs), others);
        const base = { call, input: { command: COMMAND }, stored, turn: EMPTY_OUTCOMES, latest: new Map(), lessons: [] };
        const without = callWarning({ ...base, written: written(['os']) }, p);
        const withName = callWarning({ ...base, written: written(['os', 'absent_name']) }, p);
        expect(without).not.toBeNull();
        expect(withName?.estimate ?? -1).toBeGreaterThanOrEqual(without?.estimate ?? 2);
        expect(withName?.estimate ?? 2).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });
});
