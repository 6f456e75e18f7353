import type { AccLesson } from './acc-lesson.js';
import { ACC_DETECTORS } from './acc-detectors.js';
import { faultOf, type AccTurn } from './acc-turn.js';

/** Detector i's current verdict; a fault (earlier, or thrown now) reads as no verdict. */
export const verdictOf = (turn: AccTurn, i: number): AccLesson | null => {
  const detector = ACC_DETECTORS[i];
  if (detector === undefined || turn.faults[i] !== null) return null;
  try {
    return detector.verdict(turn.states[i], turn.params);
  } catch (err) {
    turn.faults[i] = faultOf(detector, -1, err);
    return null;
  }
};
