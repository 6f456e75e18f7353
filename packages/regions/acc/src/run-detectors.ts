import { ACC_DETECTORS } from './acc-detectors.js';
import type { AccLesson } from './acc-lesson.js';
import type { AccParams } from './acc-params.js';
import { createAccTurn, observeAcc, type AccTurn } from './acc-turn.js';
import type { AnyDetector } from './detector.js';
import { drainLessons } from './drain-lessons.js';
import type { Observation } from './observation.js';

/** Batch evaluation of one turn: the fold of `observeAcc` over the observations, then the drain. */
export const runDetectors = (
  observations: Iterable<Observation>,
  params: AccParams,
  detectors: readonly AnyDetector[] = ACC_DETECTORS,
): { readonly lessons: AccLesson[]; readonly turn: AccTurn } => {
  const turn = createAccTurn(params, detectors);
  for (const o of observations) observeAcc(turn, o);
  return { lessons: drainLessons(turn), turn };
};
