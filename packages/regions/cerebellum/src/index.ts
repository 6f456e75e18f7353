/**
 * @packageDocumentation
 * @engram/cerebellum: the cerebellum: per-cell error learning (Anton's cerebellum.py), lessons from
 * any tool's failed call and the call that then did its job (call lessons), error classes and
 * recovery hints.
 *
 * Consumes: turn ends, tool results and cells (scratchpad.cell.*), and the post-mortem's recorded
 *   answer (llm.call.completed / failed).
 * Emits: cerebellum.error.classified, cerebellum.lesson.learned, cerebellum.call.learned.
 * Never: calls the model from its core (the one post-mortem call a turn is an effect whose answer is
 *   recorded, so replay reads it as given), or judges a cell by anything but its recorded outcome.
 */
export { CEREBELLUM_PARAM_REASONS, defaultCerebellumParams, type CerebellumParams, type PostMortemMode } from './cerebellum-params.js';
export type { ErrorClass } from './error-class.js';
export { ERROR_RULES, type ErrorRule } from './error-rules.js';
export { RECOVERY_HINTS } from './recovery-hints.js';
export { errorHeadline } from './error-headline.js';
export { classifyError, type ErrorVerdict } from './classify-error.js';
export type { FailedCell } from './failed-cell.js';
export { failedCellFrom, type CellIntent, type CellOutcome } from './failed-cell-from.js';
export { isCleanCell } from './is-clean-cell.js';
export { bufferCell, EMPTY_BUFFER, type CellBuffer } from './cell-buffer.js';
export type { Flush } from './flush.js';
export { classifierLessons, type ClassifierLesson } from './classifier-lessons.js';
export {
  DEFAULT_LESSON_TOPIC,
  POST_MORTEM_TOOL,
  LessonDraftSchema,
  PostMortemResultSchema,
  type LessonDraft,
  type PostMortemResult,
} from './post-mortem-result.js';
export { selectLessons, type SelectedLesson } from './select-lessons.js';
export { lessonsFromResponse } from './lessons-from-response.js';
export { postMortemPrompt, type PostMortemPrompt } from './post-mortem-prompt.js';
export { lessonToEngram } from './lesson-to-engram.js';
export { cerebellumCore, pendingFlush, POST_MORTEM_PURPOSE, type CerebellumState } from './cerebellum-core.js';
// The post-mortem effects (LLM port, Effect) are under `@engram/cerebellum/effects`, so this root stays pure.
export { callLessonCore, defaultCallLessonParams, CALL_LESSON_PARAM_REASONS, type CallLessonParams, type CallLessonState } from './call-lessons/call-lesson-core.js';
export { mergeCallLesson, recordLessonOutcome, recordLessonShown, type StoredCallLesson } from './call-lessons/stored-call-lesson.js';
export { lessonForCall, lessonOutcome, lessonWarning, LESSON_MATCH_PARAM_REASONS } from './call-lessons/lesson-for-call.js';
export { retryWarning } from './call-lessons/retry-warning.js';
export { callLessonRecord, type CallLessonRecord, type CallLessonStanding } from './call-lessons/call-lesson-record.js';
export { callOutcomeCore, knownFilesOf, defaultCallOutcomeParams, CALL_OUTCOME_PARAM_REASONS, CALL_RECORD_SIGNATURE, type CallOutcomeParams, type CallOutcomeState } from './call-outcomes/call-outcome-core.js';
export { callWarning, defaultCallWarningParams, CALL_WARNING_PARAM_REASONS, type CallWarning } from './call-outcomes/call-warning.js';
export { callWarningRead, callWarningInputOf } from './call-outcomes/call-warning-read.js';
export { callRecordSummary, type CallRecordSummary } from './call-outcomes/call-record-summary.js';
export { mergeOutcomes, MAX_OUTCOME_KEYS, EMPTY_OUTCOMES, type OutcomeCounts, type OutcomeTable } from './call-outcomes/outcome-table.js';
