import { describe, expect, it } from 'vitest';
import { isSpecificEntry, scoreTrajectories, type BenchEntry, type ReplayedCall, type ReplayedSession } from './score-trajectories.js';

const NOT_FOUND = 'Exit code 127\nbash: line 1: pytest: command not found';
const ok = (i: number, command: string, answer: ReplayedCall['answer'] = 'none', text = ''): ReplayedCall => ({ i, command, ok: true, timeout: false, output: 'fine', answer, text });
const failed = (i: number, command: string, output: string, answer: ReplayedCall['answer'] = 'none', text = ''): ReplayedCall => ({ i, command, ok: false, timeout: false, output, answer, text });
const session = (n: number, repo: string, calls: ReplayedCall[], entries: BenchEntry[] = [], newEntries: BenchEntry[] = []): ReplayedSession => ({ id: `${repo}-${n}`, repo, sessionId: `s${n}`, calls, entries, newEntries });

describe('scoreTrajectories', () => {
  it('counts repeated failures within and across sessions and the ones engram flagged beforehand', () => {
    const lesson: BenchEntry = { id: 'p:1', scope: 'tool', kind: 'lesson', text: 'pytest is not installed in tool; run python -m unittest instead' };
    const score = scoreTrajectories([
      session(1, 'tool', [failed(0, 'pytest', NOT_FOUND), ok(1, 'python -m unittest'), failed(2, 'pytest -x', NOT_FOUND)]),
      session(2, 'tool', [failed(0, 'pytest', NOT_FOUND, 'warn', `engram: ${lesson.text}`), ok(1, 'ls', 'warn', 'unrelated advice'), failed(2, 'python a.py', 'Traceback (most recent call last):\nKeyError: 3')], [lesson], [lesson]),
    ]);
    expect(score.calls).toBe(6);
    expect(score.failedCalls).toBe(4);
    expect(score.recall.within).toEqual({ count: 0, of: 1, rate: 0 });
    expect(score.recall.crossSession).toEqual({ count: 1, of: 1, rate: 1 });
    expect(score.recall.all).toEqual({ count: 1, of: 2, rate: 0.5 });
    expect(score.precision.warnings.count).toBe(1);
    expect(score.precision.warnings.of).toBe(2);
    expect(score.examples.caught).toHaveLength(1);
    expect(score.examples.missed).toMatchObject([{ session: 'tool-1', call: 2, within: true, errorLine: 'bash: line 1: pytest: command not found' }]);
    expect(score.examples.falseWarnings).toMatchObject([{ session: 'tool-2', command: 'ls' }]);
    expect(score.entryUse).toMatchObject({ entriesShown: 1, shows: 1, thenFailed: 1, thenSucceeded: 0 });
    expect(score.learning).toMatchObject({ newEntries: 1, newSpecificEntries: 1, duplicates: 0 });
    expect(score.mostRepeatedRepo).toMatchObject({ repo: 'tool', repeated: 2, learned: [{ id: 'p:1' }] });
  });

  it('judges precision beside the failure rate of the flagged calls own kind', () => {
    // pytest fails 2 of 4 times: flagging pytest calls at random would score 50%.
    const score = scoreTrajectories([
      session(1, 'r', [failed(0, 'pytest', NOT_FOUND, 'warn', 'x'), ok(1, 'pytest', 'warn', 'x'), failed(2, 'pytest', NOT_FOUND), ok(3, 'pytest'), ok(4, 'ls'), ok(5, 'ls'), ok(6, 'ls'), ok(7, 'ls')]),
    ]);
    expect(score.baseRate).toBe(0.25);
    expect(score.precision.warnings).toMatchObject({ count: 1, of: 2, rate: 0.5, kindBaseRate: 0.5, lift: 1 });
  });

  it('counts a denied call whose recorded run succeeded as a false block, per 10,000 calls', () => {
    const score = scoreTrajectories([session(1, 'r', [failed(0, 'make', 'make: *** No rule', 'block', 'engram: blocked'), ok(1, 'make', 'block', 'engram: blocked'), ok(2, 'ls'), ok(3, 'ls')])]);
    expect(score.falseBlocks).toEqual({ count: 1, of: 2, per10kCalls: 2500 });
    expect(score.precision.blocks).toMatchObject({ count: 1, of: 2, rate: 0.5 });
  });

  it('a killed call repeats only another killed call', () => {
    const killed = (i: number): ReplayedCall => ({ i, command: 'python slow.py', ok: false, timeout: true, output: `partial ${i}`, answer: 'none', text: '' });
    const score = scoreTrajectories([session(1, 'r', [killed(0), failed(1, 'python slow.py', 'partial 1'), killed(2)])]);
    expect(score.recall.within.of).toBe(1);
  });

  it('counts a second copy of a generic sentence as a generic duplicate, and not a specific one', () => {
    const generic = (id: string): BenchEntry => ({ id, scope: 'global', kind: 'lesson', text: 'Frequent tool chain: Bash->Bash->Bash' });
    const specific = (id: string): BenchEntry => ({ id, scope: 'r', kind: 'lesson', text: 'In r, tox is missing: use pytest' });
    const score = scoreTrajectories([
      session(1, 'r', [ok(0, 'pytest')], [], [generic('a'), specific('c')]),
      session(2, 'r', [ok(0, 'tox')], [], [generic('b'), specific('d')]),
    ]);
    expect(score.learning).toMatchObject({ newEntries: 4, newSpecificEntries: 2, duplicates: 2, genericDuplicates: 1, specificPerSession: 1 });
  });

  it('scores an empty replay without dividing by zero', () => {
    const score = scoreTrajectories([]);
    expect(score.recall.all.rate).toBeNull();
    expect(score.precision.flagged.rate).toBeNull();
    expect(score.mostRepeatedRepo).toBeNull();
  });
});

describe('isSpecificEntry', () => {
  const names = new Set(['pytest', 'runtests.py', 'bash', 'requests']);
  it('is specific when it names a program the calls ran or the repository, not the shell', () => {
    expect(isSpecificEntry('Use ./tests/runtests.py, not pytest', names)).toBe(true);
    expect(isSpecificEntry('In requests, the tests need network', names)).toBe(true);
    expect(isSpecificEntry('Frequent tool chain: Bash->Bash->Bash', names)).toBe(false);
    expect(isSpecificEntry('Read the error before retrying', names)).toBe(false);
    expect(isSpecificEntry('pytest-django is missing', new Set(['pytest']))).toBe(false);
  });
});
