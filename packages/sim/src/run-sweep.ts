import { ACC_DETECTORS, accProfiles, type AccParams, type AnyDetector, type Observation } from '@engram/acc';
import { DEFAULT_SWEEPS } from './default-sweeps.js';
import { evaluateDetector } from './evaluate-detector.js';
import { gridSettings } from './grid-settings.js';
import { recommend } from './recommend.js';
import { score } from './score.js';
import type { DetectorReport, SweepPoint } from './sim-report.js';
import type { SimTurn } from './sim-turn.js';
import type { DetectorGrid, Setting, SweepPlan } from './sweep-types.js';
import { turnObservations } from './turn-observations.js';

const point = (detector: AnyDetector, params: Setting, turns: readonly SimTurn[], observations: readonly (readonly Observation[])[]): SweepPoint => {
  const full = { ...accProfiles.anton, ...params } as AccParams;
  const counts = evaluateDetector(detector, full, turns, observations);
  // share of the turns it was scored on (all of them, unless some recorded turns leave it unscored)
  const scored = counts.tp + counts.fp + counts.fn + counts.tn;
  return { params, ...score(counts), tp: counts.tp, fp: counts.fp, fn: counts.fn, firingRate: scored === 0 ? 0 : Math.round(((counts.tp + counts.fp) / scored) * 1e4) / 1e4 };
};

/**
 * Sweeps every detector over its grid (the `--sweep` one, else the default) on the labelled
 * turns and recommends a setting per detector; `anton` is the same detector with the frozen
 * `anton` profile. Detectors are independent (each reads only its own fields), so each is swept
 * alone: the cost is the sum of the grids, not their product.
 */
export const runSweep = (turns: readonly SimTurn[], plan: SweepPlan, onDetector: (id: string) => void = () => undefined): DetectorReport[] => {
  const observations = turnObservations(turns);
  return ACC_DETECTORS.map((detector) => {
    onDetector(detector.id);
    const grid = plan.get(detector.id) ?? DEFAULT_SWEEPS.get(detector.id) ?? (new Map() as DetectorGrid);
    const sweep = gridSettings(grid).map((s) => point(detector, s, turns, observations));
    const antonSetting = Object.fromEntries([...grid.keys()].map((f) => [f, accProfiles.anton[f]])) as Setting;
    const anton = point(detector, antonSetting, turns, observations);
    const positives = turns.filter((t) => t.labels.has(detector.id)).length;
    return { detector: detector.id, positives, recommended: recommend(sweep), anton, sweep };
  });
};
