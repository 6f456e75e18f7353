import { describe, expect, it } from 'vitest';
import { defaultAccParams } from './acc-profiles.js';
import { createAccTurn, observeAcc } from './acc-turn.js';
import { drainLessons } from './drain-lessons.js';
import { evaluateNudges } from './evaluate-nudges.js';
import { observation as o } from './observation.js';

describe('the turn coordinator', () => {
  it('contains a detector that throws: it is faulted, the others still drain (anton.md §15.4)', () => {
    const turn = createAccTurn(defaultAccParams);
    for (const x of [o('scratchpad_call', { name: 'a', code_len: 'huge' }), o('scratchpad_call', { name: 'b', code_len: 10 }), o('scratchpad_reset', { name: 'a' }), o('scratchpad_reset', { name: 'a' })]) observeAcc(turn, x);
    expect(drainLessons(turn).map((l) => l.id)).toEqual(['acc.name-switch', 'acc.reset-churn']);
    expect(turn.faults.filter((f) => f !== null)).toEqual([
      { detector: 'acc.oversized-cell', antonDetector: 'detect_oversized_cell', observation: 0, message: 'cannot convert "huge" to an integer' },
    ]);
  });

  it('returns every detector that newly fires, once each, in detector order', () => {
    const turn = createAccTurn(defaultAccParams);
    observeAcc(turn, o('cap_exhausted', { cap: 3 }, 9));
    observeAcc(turn, o('scratchpad_empty_code', { name: 'a' }, 7));
    expect(evaluateNudges(turn).map((l) => l.id)).toEqual(['acc.oversized-cell', 'acc.cap-exhausted']);
    expect(evaluateNudges(turn)).toEqual([]);
    expect(drainLessons(turn).map((l) => l.id)).toEqual(['acc.oversized-cell', 'acc.cap-exhausted']);
  });

  it('drops lessons memory already holds', () => {
    const turn = createAccTurn(defaultAccParams);
    observeAcc(turn, o('cap_exhausted', { cap: 3 }, 9));
    expect(drainLessons(turn, (l) => l.id === 'acc.cap-exhausted')).toEqual([]);
  });
});
