import { EngramSchema, SupersedeReasonSchema } from '@engram/events';
import { z } from 'zod';

/**
 * One retired entry as `memory/history.jsonl` keeps it: the entry as it was (with its id and
 * time), who retired it (`supersededBy`, the new entry's id), when, why, and through which
 * proposal. The history sits beside rules.md and lessons.md instead of inside them, so Anton
 * (which reads every `- ` line of those files as live) never injects a retired entry either.
 */
export const MemoryHistoryRecordSchema = EngramSchema.extend({
  id: z.string(),
  section: z.string().nullable(),
  updatedAt: z.string().nullable(),
  supersededBy: z.string().nullable(),
  supersededAt: z.string(),
  reason: SupersedeReasonSchema,
  note: z.string(),
  proposalId: z.string().nullable(),
  /** The entry's trust tier when its provenance had one (issue 14); kept as written. */
  trust: z.string().optional(),
});
export type MemoryHistoryRecord = z.infer<typeof MemoryHistoryRecordSchema>;
