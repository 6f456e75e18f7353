import { ContentBlockSchema, LlmRoleSchema } from '@engram/events';
import { z } from 'zod';

/**
 * The provider-neutral vocabulary of the port. Shapes follow Anthropic's Messages API (the
 * recorded `llm.call.*` events already use its content blocks), so the Anthropic mapping is
 * nearly the identity and the OpenAI mapping is the one translation.
 */

export type LlmRole = z.infer<typeof LlmRoleSchema>;

/** A block a caller may send: what the model produced earlier, plus tool results going back in. */
export const InputBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({
    type: z.literal('tool_use'),
    id: z.string(),
    name: z.string(),
    input: z.unknown(),
  }),
  z.object({
    type: z.literal('tool_result'),
    tool_use_id: z.string(),
    content: z.string(),
    is_error: z.boolean().optional(),
  }),
]);
export type InputBlock = z.infer<typeof InputBlockSchema>;

export const LlmMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(InputBlockSchema)]),
});
export type LlmMessage = z.infer<typeof LlmMessageSchema>;

/** A tool the model may call; `inputSchema` is a JSON Schema object (see `zodTool`). */
export const LlmToolSchema = z.object({
  name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'tool names are 1-64 letters, digits, _ or -'),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
});
export type LlmTool = z.infer<typeof LlmToolSchema>;

export const ToolChoiceSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auto') }),
  z.object({ type: z.literal('tool'), name: z.string() }),
]);
export type ToolChoice = z.infer<typeof ToolChoiceSchema>;

/**
 * One provider call, as the transports see it. `purpose` never goes over the wire: it names the
 * call in events and cassettes. `structured` marks a forced-tool call made by `generateObject`,
 * which an OpenAI-compatible server may answer through `response_format` instead of a tool.
 */
export const LlmRequestSchema = z.object({
  model: z.string(),
  role: LlmRoleSchema,
  purpose: z.string(),
  system: z.string(),
  messages: z.array(LlmMessageSchema),
  tools: z.array(LlmToolSchema),
  toolChoice: ToolChoiceSchema,
  maxTokens: z.number().int().positive(),
  structured: z.boolean(),
});
export type LlmRequest = z.infer<typeof LlmRequestSchema>;

/**
 * Stop reasons use Anthropic's words for every provider (`end_turn`, `tool_use`, `max_tokens`,
 * `stop_sequence`, `refusal` ...); a reason a provider invents is kept as it came.
 */
export const LlmResponseSchema = z.object({
  model: z.string(),
  content: z.array(ContentBlockSchema),
  stopReason: z.string().nullable(),
  usage: z.object({
    inputTokens: z.number().int().nonnegative(),
    outputTokens: z.number().int().nonnegative(),
  }),
});
export type LlmResponse = z.infer<typeof LlmResponseSchema>;

/** The two configurable models (Anton's planning and coding models). */
export interface LlmModels {
  readonly planning: string;
  readonly coding: string;
}
