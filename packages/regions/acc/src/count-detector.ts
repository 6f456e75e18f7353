import type { DetectorId, LessonId } from './acc-lesson.js';
import type { AccParams } from './acc-params.js';
import { defineDetector, type Detector } from './detector.js';
import { makeLesson } from './make-lesson.js';
import type { AccKind } from './observation.js';

export interface CountState {
  count: number;
}

type CountParam = { [K in keyof AccParams]: AccParams[K] extends number ? K : never }[keyof AccParams];

/** The shape shared by the detectors that fire when one kind occurs often enough in a turn. */
export const countDetector = (
  id: DetectorId & LessonId,
  antonName: string,
  kind: AccKind,
  threshold: CountParam,
): Detector<CountState> => {
  const lesson = makeLesson(id, id, antonName, [kind]);
  return defineDetector<CountState>({
    id,
    antonName,
    reads: [kind],
    init: () => ({ count: 0 }),
    step: (s, o) => {
      if (o.kind === kind) s.count += 1;
      return s;
    },
    verdict: (s, p) => (s.count >= p[threshold] ? lesson : null),
  });
};
