import { EngramSchema, ProposalOriginSchema } from '@engram/events';
import { z } from 'zod';
import type { HeldKind } from './held/held-kind.js';

/** One proposal waiting for the user (copilot mode), as the pending file stores it. */
export const PendingItemSchema = z.object({
  pendingId: z.string().min(1),
  proposalId: z.string().min(1),
  engram: EngramSchema,
  origin: ProposalOriginSchema,
  /** ISO time it was queued. */
  queuedAt: z.string(),
  /** Stored texts this entry replaces when accepted (a new ACC variant of the same detector slot). */
  supersedes: z.array(z.string()).default([]),
  /** Ids (or exact texts) of stored entries this entry corrects (`memory add --supersedes`, a model's correction): retired when it is accepted. */
  corrects: z.array(z.string()).optional(),
  /** Active entries it contradicts that outrank its writer: accepting it retires them, rejecting it keeps them (issue 14). */
  contradicts: z.array(z.object({ entryId: z.string(), scope: z.enum(['global', 'project']), text: z.string(), reason: z.string() })).optional(),
  /** The user's or model's note on a correction, kept in the history. */
  note: z.string().optional(),
});
export type PendingItem = z.infer<typeof PendingItemSchema>;

/** The whole pending file: versioned so a later shape can be read through an upgrade. */
export const PendingFileSchema = z.object({ version: z.literal(1), items: z.array(PendingItemSchema) });
export type PendingFile = z.infer<typeof PendingFileSchema>;

/**
 * A pending id from its proposal id, so replay derives the same id from the same log (a core
 * may not draw random ids). Short enough to type: `engram memory pending accept p-3f2a`.
 */
export const pendingIdFor = (proposalId: string): string => `p-${proposalId}`;

/** The pending kind of held proposal: a person accepts or rejects it by its pending id. */
export const PENDING_KIND: HeldKind<PendingItem> = { name: 'pending', idOf: (item) => item.pendingId };
