import type { AccLesson } from './acc-lesson.js';
import type { AccParams } from './acc-params.js';
import { createAccTurn, observeAcc, type AccTurn } from './acc-turn.js';
import { drainLessons } from './drain-lessons.js';
import type { Observation } from './observation.js';

/** Batch evaluation of one turn: the fold of `observeAcc` over the observations, then the drain. */
export const runDetectors = (observations: Iterable<Observation>, params: AccParams): { readonly lessons: AccLesson[]; readonly turn: AccTurn } => {
  const turn = createAccTurn(params);
  for (const o of observations) observeAcc(turn, o);
  return { lessons: drainLessons(turn), turn };
};
