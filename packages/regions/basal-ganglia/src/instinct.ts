import { z } from 'zod';

/**
 * An instinct: a pattern the loop tracks (`active`) or has turned into a generated rule
 * (`promoted`), or that has left tracking (`archived`). Stored as one markdown file each; this
 * schema parses the machine-readable record inside the file, where data enters from disk.
 */
export const InstinctSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['chain', 'error-retry', 'recovery']),
  tools: z.array(z.string()),
  description: z.string(),
  status: z.enum(['active', 'promoted', 'archived']),
  confidence: z.number().min(0).max(1),
  /** Kept so a pattern that leaves the window can still decay: confidence = frequency x consistency x recency(lastSeen). */
  frequency: z.number().min(0).max(1),
  consistency: z.number().min(0).max(1),
  observations: z.number().int().nonnegative(),
  selfConfirmed: z.number().int().nonnegative(),
  sessions: z.number().int().nonnegative(),
  sessionsInWindow: z.number().int().nonnegative(),
  firstSeen: z.iso.datetime({ offset: true }),
  lastSeen: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  promotedAt: z.iso.datetime({ offset: true }).nullable(),
  archivedAt: z.iso.datetime({ offset: true }).nullable(),
  archiveReason: z.enum(['decayed', 'stale', 'capacity', 'manual']).nullable(),
});

export type Instinct = z.infer<typeof InstinctSchema>;
export type ArchiveReason = NonNullable<Instinct['archiveReason']>;
