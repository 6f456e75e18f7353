import { callPattern } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { ALL_CALLS_KEY, countRun, countsOf, EMPTY_OUTCOMES, mergeOutcomes, outcomeKeys } from './outcome-table.js';

const keysOf = (command: string) => {
  const k = outcomeKeys(callPattern('Bash', { command }), { command }, 'first');
  if (k === null) throw new Error('no keys');
  return k;
};

describe('outcome table', () => {
  it('keys a call by program, pattern and exact command; white space does not make another command', () => {
    const a = keysOf('cd /repo && python -m pytest tests/a.py');
    expect(a.program).toBe('p:Bash python');
    expect(a.pattern).toBe('c:Bash python -m pytest');
    expect(a.situation).toBe('s:first:Bash python -m pytest');
    expect(keysOf('cd /repo  &&  python -m pytest tests/a.py').exact).toBe(a.exact);
    expect(keysOf('cd /repo && python -m pytest tests/b.py').exact).not.toBe(a.exact);
    expect(outcomeKeys(callPattern('Bash', { command: 'cd /x' }), { command: 'cd /x' }, 'first')).toBeNull();
  });

  it('counts runs and failures, keeps the latest error line, and never changes the table it was given', () => {
    const k = keysOf('python -m pytest');
    const one = countRun(EMPTY_OUTCOMES, [ALL_CALLS_KEY, k.pattern], false, 'No module named pytest', '2026-01-01T00:00:01Z');
    const two = countRun(one, [ALL_CALLS_KEY, k.pattern], true, '', '2026-01-01T00:00:02Z');
    expect(countsOf(one, k.pattern)).toEqual({ runs: 1, fails: 1, line: 'No module named pytest', at: '2026-01-01T00:00:01Z' });
    expect(countsOf(two, k.pattern)).toEqual({ runs: 2, fails: 1, line: 'No module named pytest', at: '2026-01-01T00:00:02Z' });
    expect(EMPTY_OUTCOMES.size).toBe(0);
  });

  it('given more keys than the cap, then the least recently run go first and the project total stays', () => {
    let t = countRun(EMPTY_OUTCOMES, [ALL_CALLS_KEY], true, '', '2026-01-01T00:00:00Z', 3);
    for (let i = 1; i <= 5; i++) t = countRun(t, [`c:k${i}`], false, 'x', `2026-01-01T00:00:0${i}Z`, 3);
    expect([...t.keys()].sort()).toEqual([ALL_CALLS_KEY, 'c:k4', 'c:k5'].sort());
    const merged = mergeOutcomes(t, countRun(EMPTY_OUTCOMES, ['c:k4'], true, '', '2026-01-01T00:00:09Z'), 3);
    expect(countsOf(merged, 'c:k4')).toMatchObject({ runs: 2, fails: 1, line: 'x' });
  });
});
