import type { EventData } from '@engram/events';

type Learned = EventData<'cerebellum.call.learned'>;

/**
 * An entry's record of use (issue 24 item 6), counted on the calls it was shown before: the
 * failure it warns about happened anyway (`ignored`), the call failed another way (`otherError`),
 * or the call then succeeded (`heeded`).
 */
export interface LessonUse {
  readonly shown: number;
  readonly ignored: number;
  readonly otherError: number;
  readonly heeded: number;
}

/** A lesson as a project keeps it: the latest sighting's words, with its evidence counted. */
export interface StoredCallLesson {
  readonly lessonId: string;
  readonly failed: Learned['failed'];
  readonly errorLine: string;
  readonly signature: string;
  readonly recovery: Learned['recovery'];
  readonly text: string;
  /** Times it was learned (each a failure and the call that then did its job). */
  readonly count: number;
  /** The sessions that learned it, oldest first, at most `SESSIONS_KEPT`. */
  readonly sessions: readonly string[];
  readonly firstSeen: string;
  readonly lastSeen: string;
  readonly use: LessonUse;
}

export const NO_USE: LessonUse = Object.freeze({ shown: 0, ignored: 0, otherError: 0, heeded: 0 });

/** Sessions named per lesson: enough to find the evidence, bounded so a file does not grow with use. */
const SESSIONS_KEPT = 20;

/**
 * A lesson learned again merges into the stored one (same id: same tool, pattern and error): its
 * count and sessions grow, the latest recovery and text win (what worked last is the best bet).
 */
export const mergeCallLesson = (stored: StoredCallLesson | undefined, learned: Learned, at: string, sessionId: string): StoredCallLesson => {
  const sessions = stored === undefined ? [sessionId] : stored.sessions.includes(sessionId) ? stored.sessions : [...stored.sessions, sessionId].slice(-SESSIONS_KEPT);
  return {
    lessonId: learned.lessonId,
    failed: learned.failed,
    errorLine: learned.errorLine,
    signature: learned.signature,
    recovery: learned.recovery,
    text: learned.text,
    count: (stored?.count ?? 0) + 1,
    sessions,
    firstSeen: stored?.firstSeen ?? at,
    lastSeen: at,
    use: stored?.use ?? NO_USE,
  };
};

/** What a call shown a lesson then did. */
export type LessonOutcome = 'ignored' | 'otherError' | 'heeded';

export const recordLessonShown = (l: StoredCallLesson): StoredCallLesson => ({ ...l, use: { ...l.use, shown: l.use.shown + 1 } });

export const recordLessonOutcome = (l: StoredCallLesson, outcome: LessonOutcome): StoredCallLesson => ({ ...l, use: { ...l.use, [outcome]: l.use[outcome] + 1 } });
