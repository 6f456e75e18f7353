import type { CallPattern } from '@engram/kernel';
import type { StoredCallLesson } from './stored-call-lesson.js';

export interface LessonMatchParams {
  /** Below this share of failures among the calls it was shown before, a lesson no longer predicts its call: it is not said. */
  readonly minFailureShare: number;
  /** Times a lesson may be ignored (its failure happened anyway after it was shown) with nothing heeded before it is demoted. */
  readonly demoteAfterIgnored: number;
}

export const LESSON_MATCH_PARAM_REASONS: { readonly [K in keyof LessonMatchParams]: string } = {
  minFailureShare: 'A warning that the call then proves wrong more often than not (the project or the tools changed) costs the model attention for nothing; 0.5: said while its calls fail at least as often as they work.',
  demoteAfterIgnored: 'Five showings that changed nothing and none that helped say the words do not work on this model: keep it as a note, never as a rule.',
};

export const defaultLessonMatchParams: LessonMatchParams = Object.freeze({ minFailureShare: 0.5, demoteAfterIgnored: 5 });

/**
 * The share of failures among the calls a lesson was shown before, counting the failure that
 * taught it as one: a lesson starts out trusted and loses its voice as its calls succeed.
 */
export const failureShare = (l: StoredCallLesson): number => {
  const failed = 1 + l.use.ignored + l.use.otherError;
  return failed / (failed + l.use.heeded);
};

/**
 * A failure that went away once files were changed, with the same command, was about the code of
 * that turn (a bug the agent fixed), not about the project's tools: it predicts the next session's
 * call only once another session met it too.
 */
const aboutThatCode = (l: StoredCallLesson): boolean => l.recovery.afterWrites && l.recovery.tool === l.failed.tool && l.recovery.pattern === l.failed.pattern && l.sessions.length < 2;

/** Ignored again and again, never heeded: shown as a note, never as a rule or a warning. */
export const isDemoted = (l: StoredCallLesson, p: LessonMatchParams = defaultLessonMatchParams): boolean => l.use.ignored >= p.demoteAfterIgnored && l.use.heeded === 0;

export interface LessonMatch {
  readonly lesson: StoredCallLesson;
  readonly demoted: boolean;
}

/**
 * The lesson to say before a call, or null: one learned in this project on the same tool and
 * pattern (the program and subcommand; the tool and the kind of its target), not said before in
 * this session (nor another of its pattern: `said`), and still predicting its call (`minFailureShare`). Of several (one
 * pattern, different errors), the one learned most often, then the latest.
 */
export const lessonForCall = (lessons: readonly StoredCallLesson[], call: CallPattern, said: ReadonlySet<string>, p: LessonMatchParams = defaultLessonMatchParams): LessonMatch | null => {
  if (call.pattern === '') return null;
  const mine = lessons.filter((l) => l.failed.tool === call.tool && l.failed.pattern === call.pattern);
  // One warning per pattern a session: its other errors would only repeat what the model was told.
  if (mine.some((l) => said.has(l.lessonId))) return null;
  let best: StoredCallLesson | null = null;
  for (const l of mine) {
    if (aboutThatCode(l)) continue;
    if (failureShare(l) < p.minFailureShare) continue;
    if (best === null || l.count > best.count || (l.count === best.count && l.lastSeen > best.lastSeen)) best = l;
  }
  return best === null ? null : { lesson: best, demoted: isDemoted(best, p) };
};

/** What a lesson's call turned out to be, against the lesson's error. */
export const lessonOutcome = (l: StoredCallLesson, ok: boolean, signature: string): 'ignored' | 'otherError' | 'heeded' => (ok ? 'heeded' : signature === l.signature ? 'ignored' : 'otherError');

/** The warning the model reads before the call. */
export const lessonWarning = (l: StoredCallLesson): string =>
  `${l.text} (learned ${l.count} time${l.count === 1 ? '' : 's'} in this project${l.use.shown > 0 ? `; shown ${l.use.shown}, heeded ${l.use.heeded}` : ''})`;
