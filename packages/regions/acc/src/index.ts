/**
 * @packageDocumentation
 * @engram/acc: the anterior cingulate cortex: turn-level pattern detection (Anton's acc.py).
 *
 * Consumes: the turn's facts (executive.turn.*, round, tool calls and results, history repairs, the
 *   round cap), cells (scratchpad.cell.*, pad resets) and what memory already holds
 *   (hippocampus.engram.encoded, so a stored lesson is not learned twice).
 * Emits: acc.lesson.detected, acc.nudge.emitted, acc.params.configured (the thresholds in force,
 *   recorded when a session opens, so replay folds the same ones).
 * Never: does I/O, reads a clock or randomness, or stores anything itself: a lesson becomes a rule
 *   only through the cortex's gate. Detector thresholds live in one params object, with a reason each.
 */
export { toInt } from './to-int.js';
export { isTruthy } from './is-truthy.js';
export { ACC_KINDS, isAccKind, observation, type AccKind, type Detail, type Observation } from './observation.js';
export type { AccLesson, DetectorId, LessonId, RuleKind } from './acc-lesson.js';
export { ACC_RULES } from './acc-rules.js';
export { ACC_PARAM_REASONS, type AccParams } from './acc-params.js';
export { accProfiles, defaultAccParams, type AccProfileName } from './acc-profiles.js';
export { defineDetector, type Detector, type AnyDetector } from './detector.js';
export { ACC_DETECTORS } from './acc-detectors.js';
export { detectNameSwitch } from './detect-name-switch.js';
export { detectOversizedCell } from './detect-oversized-cell.js';
export { detectRepeatedToolError } from './detect-repeated-tool-error.js';
export { detectRepeatedErrorSignature } from './detect-repeated-error-signature.js';
export { detectResetChurn } from './detect-reset-churn.js';
export { detectKillLoop } from './detect-kill-loop.js';
export { detectSeverityClimb } from './detect-severity-climb.js';
export { detectRepairChurn } from './detect-repair-churn.js';
export { detectCapExhausted } from './detect-cap-exhausted.js';
export { classifyKill, type KillClass } from './classify-kill.js';
export { createAccTurn, observeAcc, type AccTurn, type AccFault } from './acc-turn.js';
export { evaluateNudges } from './evaluate-nudges.js';
export { drainLessons } from './drain-lessons.js';
export { runDetectors } from './run-detectors.js';
export { runDetector } from './run-detector.js';
export { observationFromEnvelope, ACC_INPUT_TYPES, SEVERITY } from './observation-from-envelope.js';
export { parseAccMode, DEFAULT_ACC_MODE, type AccMode } from './acc-mode.js';
export { nudgeText } from './nudge-text.js';
export { lessonToEngram } from './lesson-to-engram.js';
export { ACC_LESSON_IDS, lessonSlot, slotRivals } from './acc-lessons.js';
export { rememberEncoded } from './stored-lessons.js';
export { accCore, defaultAccCoreParams, type AccCoreParams, type AccCoreState } from './acc-core.js';
