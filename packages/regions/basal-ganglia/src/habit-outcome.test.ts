import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { habitOutcome } from './habit-outcome.js';

/** A session of `calls` calls, `failed` of them failed, shown the habits in `shown`. */
const session = (calls: number, failed: number, shown: string[] = []) => ({ calls: Array.from({ length: calls }, (_, i) => i), failed, shown });
const H = 'basal-ganglia.chain.Grep>Read>Edit';

describe('habitOutcome', () => {
  it('given sessions shown the habit that failed less than the others, then it helped', () => {
    const o = habitOutcome(H, [session(10, 3), session(10, 2), session(10, 3), session(10, 1, [H]), session(10, 0, [H]), session(10, 1, [H])], 3);
    expect(o).toMatchObject({ shownSessions: 3, otherSessions: 3, helped: true });
    expect(o.shownFailureRate).toBeCloseTo(2 / 30, 6);
    expect(o.otherFailureRate).toBeCloseTo(8 / 30, 6);
  });

  it('given sessions shown the habit that failed as often as the others, then it did not help', () => {
    expect(habitOutcome(H, [session(10, 2), session(10, 2), session(10, 2), session(10, 2, [H]), session(10, 3, [H]), session(10, 2, [H])], 3).helped).toBe(false);
  });

  it('says nothing with too few sessions on either side, and ignores sessions that made no call', () => {
    expect(habitOutcome(H, [session(10, 9), session(10, 9), session(10, 0, [H])], 2).helped).toBeNull();
    expect(habitOutcome(H, [session(0, 0, [H]), session(0, 0, [H]), session(10, 1), session(10, 1), session(10, 5, [H])], 2).shownSessions).toBe(1);
  });

  it('counts every session once, on one side (property)', () => {
    const arb = fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), fc.boolean()), { maxLength: 30 });
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 5 }), (list, min) => {
        const sessions = list.map(([calls, f, shown]) => session(calls, Math.min(f, calls), shown ? [H] : []));
        const o = habitOutcome(H, sessions, min);
        expect(o.shownSessions + o.otherSessions).toBe(sessions.filter((s) => s.calls.length > 0).length);
        if (o.helped !== null) expect(o.helped).toBe((o.shownFailureRate ?? 1) < (o.otherFailureRate ?? 0));
      }),
      { numRuns: 200 },
    );
  });
});
