import { z } from 'zod';
import { defineEvent } from '../define-event.js';
import { ContentBlockSchema, Count, LlmRoleSchema } from './shared-schemas.js';

/** Every model call is recorded whole, so replay never needs a model. */

export const LlmFailureReasonSchema = z.enum([
  'timeout',
  'rate_limited',
  'server_error',
  'auth',
  'bad_request',
  'network',
  'truncated',
  'schema_mismatch',
  'no_tool_call',
  'cassette_miss',
  /** The caller aborted the call (an AbortSignal or an unsubscribe). */
  'cancelled',
  'unknown',
]);

const callFields = {
  callId: z.string(),
  provider: z.string(),
  model: z.string(),
  role: LlmRoleSchema,
  /** What the call was for: `turn`, `cerebellum`, `consolidation`, `compaction`, `identity`, `skill-draft`, `check` ... */
  purpose: z.string(),
  latencyMs: Count,
  attempts: z.number().int().min(1),
};

const llmCallCompleted = defineEvent({
  type: 'llm.call.completed',
  v: 1,
  schema: () => z.object({
    ...callFields,
    inputTokens: Count,
    outputTokens: Count,
    costUsd: z.number().nonnegative(),
    stopReason: z.string().nullable(),
    response: z.object({ content: z.array(ContentBlockSchema) }),
  }),
  emitter: 'llm',
  consumers: ['executive', 'cerebellum', 'cortex', 'replay', 'audit'],
  description: 'A model answered; carries the whole response, token counts, latency and estimated cost.',
});

const llmCallFailed = defineEvent({
  type: 'llm.call.failed',
  v: 1,
  schema: () => z.object({ ...callFields, reason: LlmFailureReasonSchema, message: z.string() }),
  emitter: 'llm',
  consumers: ['executive', 'cerebellum', 'cortex', 'replay', 'audit'],
  description: 'A model call failed after its retries; callers degrade and write no partial memory.',
});

export const llmEvents = [llmCallCompleted, llmCallFailed] as const;
