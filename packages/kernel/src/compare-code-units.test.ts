import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodeUnits } from './compare-code-units.js';

describe('compareCodeUnits', () => {
  it('orders by code units: capitals before small letters, punctuation by its code', () => {
    expect(['b', 'a', 'B', '_x', '-x', 'c:Read', 'c:Bash', '*'].sort(compareCodeUnits)).toEqual(['*', '-x', 'B', '_x', 'a', 'b', 'c:Bash', 'c:Read']);
  });

  it('is a total order that agrees with < and ===', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const c = compareCodeUnits(a, b);
        expect(Math.sign(c)).toBe(a === b ? 0 : a < b ? -1 : 1);
        expect(compareCodeUnits(b, a)).toBe(-c || 0);
      }),
    );
  });
});
