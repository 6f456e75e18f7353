import { LlmRoleSchema, LlmFailureReasonSchema } from '@engram/events';
import { z } from 'zod';
import { LlmResponseSchema } from './llm-types.js';

/**
 * Which requests an entry answers. With `hash`, exactly the request with that hash; otherwise
 * every given field must hold (a hand-written, looser matcher). An empty matcher matches all.
 */
export const CassetteMatchSchema = z
  .object({
    hash: z.string().optional(),
    purpose: z.string().optional(),
    role: LlmRoleSchema.optional(),
    /** The forced tool's name (generateObject's schema name). */
    tool: z.string().optional(),
    systemIncludes: z.string().optional(),
    lastUserIncludes: z.string().optional(),
  })
  .strict();
export type CassetteMatch = z.infer<typeof CassetteMatchSchema>;

/** A human-readable digest of the recorded request; never used for matching. */
const RequestSummarySchema = z.object({
  purpose: z.string(),
  role: LlmRoleSchema,
  model: z.string(),
  maxTokens: z.number().int(),
  tools: z.array(z.string()),
  forcedTool: z.string().nullable(),
  lastUser: z.string(),
});
export type RequestSummary = z.infer<typeof RequestSummarySchema>;

const entryBase = {
  match: CassetteMatchSchema,
  request: RequestSummarySchema.optional(),
  note: z.string().optional(),
};

export const CassetteEntrySchema = z.union([
  z.object({ ...entryBase, response: LlmResponseSchema }).strict(),
  /** A scripted failure (hand-written), replayed as that typed error. */
  z
    .object({
      ...entryBase,
      error: z.object({ reason: LlmFailureReasonSchema, message: z.string() }),
    })
    .strict(),
]);
export type CassetteEntry = z.infer<typeof CassetteEntrySchema>;

export const CASSETTE_VERSION = 1;

export const CassetteSchema = z
  .object({
    engramCassette: z.literal(CASSETTE_VERSION),
    /** Why the cassette exists (what it scripts or where it was recorded). */
    note: z.string().optional(),
    /** The models active when it was recorded; replay reports them when none are configured. */
    models: z.object({ planning: z.string(), coding: z.string() }).optional(),
    entries: z.array(CassetteEntrySchema),
  })
  .strict();
export type Cassette = z.infer<typeof CassetteSchema>;
