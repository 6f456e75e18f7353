import { z } from 'zod';

/** Non-negative whole number: counts, lengths, durations in ms. */
export const Count = z.number().int().nonnegative();

export const ScopeSchema = z.enum(['global', 'project']);
export const EngramKindSchema = z.enum(['always', 'never', 'when', 'lesson', 'profile']);
export const ConfidenceSchema = z.enum(['high', 'medium', 'low']);
export const EngramSourceSchema = z.enum(['user', 'consolidation', 'llm']);
export const RuleKindSchema = z.enum(['always', 'never', 'when']);

/** An engram as it travels on the bus: Anton's Engram fields, with nulls for "none". */
export const EngramSchema = z.object({
  text: z.string(),
  kind: EngramKindSchema.nullable(),
  scope: ScopeSchema.nullable(),
  confidence: ConfidenceSchema.nullable(),
  topic: z.string().nullable(),
  source: EngramSourceSchema.nullable(),
});
export type EngramData = z.infer<typeof EngramSchema>;

export const MemoryModeSchema = z.enum(['autopilot', 'copilot', 'off']);
export const AccModeSchema = z.enum(['off', 'passive', 'active']);
export const LlmRoleSchema = z.enum(['planning', 'coding']);

/** Content blocks of a model response, as recorded for replay. */
export const ContentBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() }),
]);
export type ContentBlock = z.infer<typeof ContentBlockSchema>;
