import type { AccParams, AnyDetector, Observation } from '@engram/acc';
import type { Counts } from './score.js';
import type { SimTurn } from './sim-turn.js';

/**
 * Runs one detector, with one setting, over every turn (a fresh state per turn, as the ACC does)
 * and counts its verdicts against the labels. The detector is folded directly: its verdict
 * depends on its own observations and params only, so the other eight need not run. A turn that
 * leaves this detector `unscored` (a recorded turn it already fires on) counts nowhere.
 */
export const evaluateDetector = (detector: AnyDetector, params: AccParams, turns: readonly SimTurn[], observations: readonly (readonly Observation[])[]): Counts => {
  const reads = detector.reads === 'all' ? null : new Set<string>(detector.reads);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  turns.forEach((t, i) => {
    if (t.unscored?.has(detector.id) === true) return;
    let state: unknown = detector.init(params);
    for (const o of observations[i] ?? []) if (reads === null || reads.has(o.kind)) state = detector.step(state, o, params);
    const fired = detector.verdict(state, params) !== null;
    const expected = t.labels.has(detector.id);
    if (fired && expected) tp++;
    else if (fired) fp++;
    else if (expected) fn++;
    else tn++;
  });
  return { tp, fp, fn, tn };
};
