import { defaultLessonMatchParams, failureShare, isDemoted, type LessonMatchParams } from './lesson-for-call.js';
import type { StoredCallLesson } from './stored-call-lesson.js';

/**
 * How a lesson stands before a call: `said` (warned before its pattern), `quiet` (its calls now
 * work more often than they fail after it: no longer predicts them), `demoted` (ignored again and
 * again, never heeded: kept as a note, never said as a warning or a rule).
 */
export type CallLessonStanding = 'said' | 'quiet' | 'demoted';

/** One call lesson's record of use, as `engram memory stats` and the web view show it (issue 24 item 6). */
export interface CallLessonRecord {
  readonly lessonId: string;
  readonly tool: string;
  readonly pattern: string;
  readonly errorLine: string;
  readonly text: string;
  /** Times it was learned. */
  readonly learned: number;
  readonly shown: number;
  /** Shown, and the failure it warns about happened anyway. */
  readonly ignored: number;
  /** Shown, and the call failed another way. */
  readonly otherError: number;
  /** Shown, and the call then worked. */
  readonly heeded: number;
  readonly standing: CallLessonStanding;
}

/** A stored lesson's record of use and standing; demoted before quiet (a demoted lesson is never said). */
export const callLessonRecord = (l: StoredCallLesson, p: LessonMatchParams = defaultLessonMatchParams): CallLessonRecord => ({
  lessonId: l.lessonId,
  tool: l.failed.tool,
  pattern: l.failed.pattern,
  errorLine: l.errorLine,
  text: l.text,
  learned: l.count,
  ...l.use,
  standing: isDemoted(l, p) ? 'demoted' : failureShare(l) < p.minFailureShare ? 'quiet' : 'said',
});
