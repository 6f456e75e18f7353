import type { AccLesson, DetectorId, LessonId } from './acc-lesson.js';
import { ACC_RULES } from './acc-rules.js';
import type { AccKind } from './observation.js';

/**
 * Builds a lesson once, at module load: detectors return these shared frozen objects, so a
 * verdict costs no allocation however often nudges are evaluated.
 */
export const makeLesson = (id: LessonId, detector: DetectorId, antonDetector: string, triggers: readonly AccKind[]): AccLesson =>
  Object.freeze({ id, detector, antonDetector, kind: ACC_RULES[id].kind, rule: ACC_RULES[id].rule, triggers: Object.freeze([...triggers]) });
