import { ACC_DETECTORS } from './acc-detectors.js';
import type { AccLesson } from './acc-lesson.js';
import type { AccTurn } from './acc-turn.js';
import { verdictOf } from './verdict-of.js';

/**
 * The end-of-turn lessons, in detector order: at most one per detector (so never both kill-loop
 * variants), without a rule text already taken by an earlier detector, and without lessons
 * `isStored` says memory already holds. Ignores the nudge flags: a lesson that nudged mid-turn
 * is still learned. A faulted detector is skipped; the others still drain (anton.md §15.4).
 */
export const drainLessons = (turn: AccTurn, isStored: (lesson: AccLesson) => boolean = () => false): AccLesson[] => {
  const lessons: AccLesson[] = [];
  const rules = new Set<string>();
  for (let i = 0; i < ACC_DETECTORS.length; i++) {
    const lesson = verdictOf(turn, i);
    if (lesson === null || rules.has(lesson.rule) || isStored(lesson)) continue;
    rules.add(lesson.rule);
    lessons.push(lesson);
  }
  return lessons;
};
