import { describe, expect, it } from 'vitest';
import { defaultConsolidationParams } from './consolidation-params.js';
import { replayVerdict, shouldReplay } from './should-replay.js';
import { cleanCells, testCell } from './test-cells.js';

describe('shouldReplay (anton.md §9.1)', () => {
  it('never replays fewer than 2 cells, even one that failed or was killed', () => {
    expect(shouldReplay([])).toBe(false);
    expect(replayVerdict([testCell({ error: 'KeyError: price' })])).toEqual({ replay: false, reason: 'too-few-cells' });
    expect(shouldReplay([testCell({ killed: true, error: 'Cell timed out' })])).toBe(false);
  });

  it('replays 5 or more cells even when all went fine', () => {
    expect(replayVerdict(cleanCells(4))).toEqual({ replay: false, reason: 'uneventful' });
    expect(replayVerdict(cleanCells(5))).toEqual({ replay: true, reason: 'long-session' });
  });

  it('replays 2 cells when one has any error text (Anton tests truthiness, so whitespace counts)', () => {
    expect(replayVerdict([testCell(), testCell({ cellId: 'c2', error: 'ValueError' })])).toEqual({ replay: true, reason: 'error' });
    expect(shouldReplay([testCell(), testCell({ cellId: 'c2', error: ' ' })])).toBe(true);
  });

  it('replays when a stderr mentions cancelled or killed, in any case, or a cell was killed', () => {
    expect(replayVerdict([testCell(), testCell({ cellId: 'c2', stderr: 'Worker KILLED by signal' })])).toEqual({ replay: true, reason: 'killed' });
    expect(shouldReplay([testCell(), testCell({ cellId: 'c2', stderr: 'task Cancelled' })])).toBe(true);
    expect(shouldReplay([testCell(), testCell({ cellId: 'c2', killed: true })])).toBe(true);
    expect(shouldReplay([testCell(), testCell({ cellId: 'c2', stderr: 'DeprecationWarning' })])).toBe(false);
  });

  it('reads its thresholds from params', () => {
    const p = { ...defaultConsolidationParams, minCells: 1, longSessionCells: 3 };
    expect(replayVerdict([testCell({ error: 'x' })], p).replay).toBe(true);
    expect(replayVerdict(cleanCells(3), p)).toEqual({ replay: true, reason: 'long-session' });
  });
});
