import { EngramSchema, ProposalOriginSchema } from '@engram/events';
import { z } from 'zod';

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

export const EMPTY_PENDING: PendingFile = { version: 1, items: [] };

/**
 * A pending id from its proposal id, so replay derives the same id from the same log (a core
 * may not draw random ids). Short enough to type: `engram memory pending accept p-3f2a`.
 */
export const pendingIdFor = (proposalId: string): string => `p-${proposalId}`;

/** Adds an item unless one with the same text and kind is already waiting (a repeated proposal). */
export const addPending = (file: PendingFile, item: PendingItem): { file: PendingFile; item: PendingItem } => {
  const same = file.items.find((x) => x.engram.text === item.engram.text && x.engram.kind === item.engram.kind && x.engram.scope === item.engram.scope);
  if (same !== undefined) return { file, item: same };
  return { file: { ...file, items: [...file.items, item] }, item };
};

/** Removes the items with these ids (or 1-based positions, as the user sees them in the list). */
export const takePending = (file: PendingFile, selectors: readonly string[]): { file: PendingFile; taken: PendingItem[]; unknown: string[] } => {
  const taken: PendingItem[] = [];
  const unknown: string[] = [];
  for (const sel of selectors) {
    const byPosition = /^\d+$/.test(sel) ? file.items[Number(sel) - 1] : undefined;
    const item = byPosition ?? file.items.find((x) => x.pendingId === sel);
    if (item === undefined) unknown.push(sel);
    else if (!taken.includes(item)) taken.push(item);
  }
  return { file: { ...file, items: file.items.filter((x) => !taken.includes(x)) }, taken, unknown };
};
