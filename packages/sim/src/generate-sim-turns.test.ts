import { ACC_DETECTORS, accProfiles, detectKillLoop } from '@engram/acc';
import { describe, expect, it } from 'vitest';
import { evaluateDetector } from './evaluate-detector.js';
import { generateSimTurns } from './generate-sim-turns.js';
import { generateTurns } from './generate-turns.js';
import { recordedLog } from './recorded-log-fixture.js';
import { runSweep } from './run-sweep.js';
import { DEFAULT_MIX } from './scenario-mix.js';
import { splitBaseTurns } from './split-base-turns.js';
import { turnObservations } from './turn-observations.js';

const BASE = splitBaseTurns('real.jsonl', recordedLog(['healthy', 'kills', 'healthy']), []).turns;

describe('generateSimTurns', () => {
  it('without a base, or with an empty one, gives the synthetic turns unchanged', () => {
    expect(generateSimTurns(300, 4, DEFAULT_MIX)).toEqual(generateTurns(300, 4, DEFAULT_MIX));
    expect(generateSimTurns(300, 4, DEFAULT_MIX, { turns: [], rate: 1 })).toEqual(generateTurns(300, 4, DEFAULT_MIX));
  });

  it('at rate 1 builds every turn on a recorded one, taking them in order and starting over', () => {
    const turns = generateSimTurns(7, 1, DEFAULT_MIX, { turns: BASE, rate: 1 });
    expect(turns.map((t) => t.base)).toEqual([1, 2, 3, 1, 2, 3, 1].map((n) => `real.jsonl turn ${n}`));
    expect(turns.map((t) => t.turn)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('at a lower rate synthesises the rest, deterministically', () => {
    const a = generateSimTurns(1_000, 8, DEFAULT_MIX, { turns: BASE, rate: 0.3 });
    const built = a.filter((t) => t.base !== undefined).length;
    expect(built).toBeGreaterThan(230);
    expect(built).toBeLessThan(370);
    expect(generateSimTurns(1_000, 8, DEFAULT_MIX, { turns: BASE, rate: 0.3 })).toEqual(a);
  });

  it('scores a detector only on the turns it is not left unscored on, in the sweep as well', () => {
    const turns = generateSimTurns(600, 3, DEFAULT_MIX, { turns: BASE, rate: 1 });
    const unscored = turns.filter((t) => t.unscored?.has('acc.kill-loop') === true).length;
    expect(unscored).toBeGreaterThan(100);
    const c = evaluateDetector(detectKillLoop, accProfiles.anton, turns, turnObservations(turns));
    expect(c.tp + c.fp + c.fn + c.tn).toBe(turns.length - unscored);
    const report = runSweep(turns, new Map());
    expect(report.map((d) => d.detector)).toEqual(ACC_DETECTORS.map((d) => d.id));
    const kill = report.find((d) => d.detector === 'acc.kill-loop');
    expect(kill?.anton).toMatchObject({ tp: c.tp, fp: c.fp, fn: c.fn });
  });
});
