import type { AccLesson } from './acc-lesson.js';

/** The self-check block appended to the next user message; says plainly it is not the user speaking. */
export const nudgeText = (lesson: AccLesson): string =>
  `[engram self-check: ${lesson.antonDetector}] ${lesson.rule} ` +
  '(This is an automatic mid-turn observation from your own monitoring layer, not a user message.)';
