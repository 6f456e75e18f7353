import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSimReport, parseSweeps } from '@engram/sim';

const SWEEPS = ['acc.kill-loop.minKills=1..3', 'acc.repeated-tool-error.minRun=2,3', 'acc.name-switch.honourConfirmedNewPad=true,false'];

describe('engram sim report (property)', () => {
  it('the same seed, turns and sweeps always give the same report', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 1, max: 150 }), fc.subarray(SWEEPS), (seed, turns, sweeps) => {
        const a = buildSimReport({ turns, seed, plan: parseSweeps(sweeps) });
        const b = buildSimReport({ turns, seed, plan: parseSweeps(sweeps) });
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
        for (const d of a.detectors) {
          expect(d.sweep.map((p) => p.params)).toContainEqual(d.recommended.params);
          for (const p of [d.recommended, d.anton, ...d.sweep]) {
            expect(p.tp + p.fn).toBe(d.positives);
            for (const x of [p.precision, p.recall, p.f1]) expect(x >= 0 && x <= 1).toBe(true);
            expect(d.recommended.f1).toBeGreaterThanOrEqual(p === d.anton ? 0 : p.f1);
          }
        }
      }),
      { numRuns: 15 },
    );
  });
});
