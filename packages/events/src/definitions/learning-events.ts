import { z } from 'zod';
import { defineEvent } from '../define-event.js';
import { RuleKindSchema } from './shared-schemas.js';

/** What the error learners judge. Everything judged carries a stable id. */

export const accLessonDetected = defineEvent({
  type: 'acc.lesson.detected',
  v: 1,
  schema: z.object({
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

export const accNudgeEmitted = defineEvent({
  type: 'acc.nudge.emitted',
  v: 1,
  schema: z.object({ lessonId: z.string(), detector: z.string(), rule: z.string(), text: z.string() }),
  emitter: 'acc',
  consumers: ['executive', 'replay', 'audit'],
  description: 'A detector fired mid-turn (active mode); the executive appends the self-check text to the next user message.',
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

export const errorClassified = defineEvent({
  type: 'cerebellum.error.classified',
  v: 1,
  schema: z.object({
    errorClass: ErrorClassSchema,
    signature: z.string(),
    tool: z.string(),
    target: z.string().nullable(),
    hint: z.string(),
  }),
  emitter: 'cerebellum',
  consumers: ['basal-ganglia', 'cortex', 'replay'],
  description: 'A failed cell or tool result was classified; recovery recipes are keyed on class and target.',
});

export const cerebellumLessonLearned = defineEvent({
  type: 'cerebellum.lesson.learned',
  v: 1,
  schema: z.object({
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

export const learningEvents = [accLessonDetected, accNudgeEmitted, errorClassified, cerebellumLessonLearned] as const;
