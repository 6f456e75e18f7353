import type { AccLesson } from './acc-lesson.js';
import type { AccParams } from './acc-params.js';
import { defaultAccParams } from './acc-profiles.js';
import type { Detector } from './detector.js';
import type { Observation } from './observation.js';

/** Batch evaluation of one detector: the fold of its `step` over the observations, then its verdict. */
export const runDetector = <S>(detector: Detector<S>, observations: Iterable<Observation>, params: AccParams = defaultAccParams): AccLesson | null => {
  let state = detector.init(params);
  for (const o of observations) state = detector.step(state, o, params);
  return detector.verdict(state, params);
};
