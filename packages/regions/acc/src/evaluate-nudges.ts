import { ACC_DETECTORS } from './acc-detectors.js';
import type { AccLesson } from './acc-lesson.js';
import type { AccTurn } from './acc-turn.js';
import { verdictOf } from './verdict-of.js';

/**
 * The mid-turn check after a round: every detector that fires now and has not nudged yet this
 * turn, in detector order; each detector nudges at most once per turn. Not deduped against
 * memory on purpose: the nudge restates a rule the model is breaking right now. O(detectors),
 * whatever the turn length, because verdicts are read from incremental state.
 */
export const evaluateNudges = (turn: AccTurn): AccLesson[] => {
  const fresh: AccLesson[] = [];
  for (let i = 0; i < ACC_DETECTORS.length; i++) {
    if (turn.nudged[i] === true) continue;
    const lesson = verdictOf(turn, i);
    if (lesson !== null) {
      turn.nudged[i] = true;
      fresh.push(lesson);
    }
  }
  return fresh;
};
