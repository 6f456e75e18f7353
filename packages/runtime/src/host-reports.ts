import { RuntimeSchema } from '@engram/events';
import { z } from 'zod';
import { TaggedError } from '@engram/kernel';

/**
 * What a host reports about its own agent loop. Parsed with zod where it enters, so a host's
 * mistake gets an error naming the field instead of a bad event in the log.
 */
export const ToolCallReportSchema = z.object({
  /** The host's tool_use id; one is made up when absent. */
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  input: z.unknown(),
});
export type ToolCallReport = z.input<typeof ToolCallReportSchema>;

export const ToolResultReportSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  ok: z.boolean(),
  output: z.string().default(''),
  error: z.string().default(''),
  durationMs: z.number().int().nonnegative().default(0),
});
export type ToolResultReport = z.input<typeof ToolResultReportSchema>;

const CellOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('executed'),
    stdout: z.string().default(''),
    stderr: z.string().default(''),
    error: z.string().default(''),
    durationMs: z.number().int().nonnegative().default(0),
    truncated: z.boolean().default(false),
  }),
  z.object({ kind: z.literal('killed'), reason: z.string(), durationMs: z.number().int().nonnegative().default(0) }),
]);

export const CellReportSchema = z.object({
  pad: z.string().min(1),
  code: z.string(),
  description: z.string().default(''),
  runtime: RuntimeSchema.default('python'),
  confirmedNewPad: z.boolean().default(false),
  /** Absent for a cell refused before it ran (empty code). */
  outcome: CellOutcomeSchema.optional(),
});
export type CellReport = z.input<typeof CellReportSchema>;

/** Formats a zod error as `field: problem; ...` for the host. */
const describeIssues = (error: z.ZodError): string => error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`).join('; ');

export class HostReportError extends TaggedError('HostReportError')<{ readonly reason: 'invalid'; readonly message: string }> {}

export const parseReport = <S extends z.ZodType>(schema: S, what: string, input: unknown): z.output<S> => {
  const r = schema.safeParse(input);
  if (!r.success) throw new HostReportError({ reason: 'invalid', message: `invalid ${what}: ${describeIssues(r.error)}` });
  return r.data;
};
