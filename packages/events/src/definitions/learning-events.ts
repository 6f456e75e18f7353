import { z } from 'zod';
import { defineEvent } from '../define-event.js';
import { RuleKindSchema } from './shared-schemas.js';

/** What the error learners judge. Everything judged carries a stable id. */

const accLessonDetected = defineEvent({
  type: 'acc.lesson.detected',
  v: 1,
  schema: () => z.object({
    /** Stable id such as `acc.kill-loop.heavy`; tests, dedupe and the simulation key on it. */
    lessonId: z.string(),
    /** Anton's detector name, e.g. `detect_kill_loop`. */
    detector: z.string(),
    kind: RuleKindSchema,
    rule: z.string(),
    triggers: z.array(z.string()),
  }),
  emitter: 'acc',
  consumers: ['cortex', 'replay', 'audit'],
  description: 'A detector fired at the end of a turn; the lesson becomes a global rule through the cortex.',
});

const accNudgeEmitted = defineEvent({
  type: 'acc.nudge.emitted',
  v: 1,
  schema: () => z.object({ lessonId: z.string(), detector: z.string(), rule: z.string(), text: z.string() }),
  emitter: 'acc',
  consumers: ['executive', 'replay', 'audit'],
  description: 'A detector fired mid-turn (active mode); the executive appends the self-check text to the next user message.',
});

const Threshold = z.number().int().min(1).max(1_000_000);

/**
 * Every ACC detector threshold (the acc package's `AccParams`, field for field): what a profile
 * file holds (`engram sim --save-profile`) and what `acc.params.configured` records. Strict, so
 * a misspelt field in a profile is an error naming it, not a silently ignored line.
 */
export const AccParamsSchema = z
  .object({
    minDistinctPads: Threshold,
    honourConfirmedNewPad: z.boolean(),
    bigCellChars: Threshold,
    minBigCells: Threshold,
    minEmptyCells: Threshold,
    minToolErrorRun: Threshold,
    toolErrorIgnoredTools: z.array(z.string()),
    minSignatureRepeats: Threshold,
    minResets: Threshold,
    minKills: Threshold,
    minClimbRun: Threshold,
    minClimbSeverity: Threshold,
    minRepairs: Threshold,
    minCapHits: Threshold,
  })
  .strict();

/**
 * The ACC's detector thresholds in force from here on (a detector profile: `--acc-profile`,
 * `<project>/.engram/acc.json`, `createBrain({ acc: { profile } })`), recorded so replay derives
 * the lessons and nudges with the thresholds the session used. Published when a session starts
 * (or resumes) with thresholds other than the ones in force.
 */
const accParamsConfigured = defineEvent({
  type: 'acc.params.configured',
  v: 1,
  schema: () => z.object({ profile: z.string(), params: AccParamsSchema }),
  emitter: 'acc',
  consumers: ['acc', 'replay'],
  description: "The ACC detectors' thresholds (a named profile) in force from this event on.",
});

export const ErrorClassSchema = z.enum([
  'encoding',
  'path-not-found',
  'permission',
  'timeout',
  'size-limit',
  'syntax',
  'missing-module',
  'rate-limit',
  'auth',
  'network',
  'unknown',
]);

const errorClassified = defineEvent({
  type: 'cerebellum.error.classified',
  v: 1,
  schema: () => z.object({
    errorClass: ErrorClassSchema,
    signature: z.string(),
    tool: z.string(),
    target: z.string().nullable(),
    hint: z.string(),
  }),
  emitter: 'cerebellum',
  consumers: ['basal-ganglia', 'cortex', 'executive', 'replay'],
  description: "A failed cell or tool result was classified; recovery recipes are keyed on class and target, and a tool's class hint reaches the model with the round's nudges.",
});

const cerebellumLessonLearned = defineEvent({
  type: 'cerebellum.lesson.learned',
  v: 1,
  schema: () => z.object({
    text: z.string(),
    topic: z.string(),
    /** `llm` from the post-mortem call, `classifier` from the deterministic fallback. */
    method: z.enum(['llm', 'classifier']),
    cellIds: z.array(z.string()),
  }),
  emitter: 'cerebellum',
  consumers: ['cortex', 'replay', 'audit'],
  description: 'The end-of-turn post-mortem produced a lesson; it becomes a project-scope engram through the cortex.',
});

/** A call's pattern as lessons key it (`callPattern`): the program and subcommand, or the tool and its target's kind. */
const CallLessonCallSchema = z.object({ tool: z.string(), pattern: z.string() });

const cerebellumCallLearned = defineEvent({
  type: 'cerebellum.call.learned',
  v: 1,
  schema: () => z.object({
    /** Stable: a hash of the failed call's tool, pattern and error signature, so the same mistake learned again merges. */
    lessonId: z.string(),
    failed: CallLessonCallSchema,
    /** The line of the error that says what went wrong, and its normalised signature. */
    errorLine: z.string(),
    signature: z.string(),
    /** The call that then did the job, and whether files were changed in between. */
    recovery: CallLessonCallSchema.extend({ afterWrites: z.boolean() }),
    /** The lesson as the model reads it: deterministic, naming the pattern, the error and what worked. */
    text: z.string(),
    evidence: z.object({ failedToolUseId: z.string(), succeededToolUseId: z.string() }),
  }),
  emitter: 'cerebellum',
  consumers: ['hippocampus', 'executive', 'replay', 'audit'],
  description: 'A failed call was followed in the turn by a call that did the same job; the lesson joins the project\'s call lessons and is said before the same call next time.',
});

export const learningEvents = [accLessonDetected, accNudgeEmitted, accParamsConfigured, errorClassified, cerebellumLessonLearned, cerebellumCallLearned] as const;
