import { EngramSchema, ProposalOriginSchema, QuarantineReasonSchema, TrustTierSchema } from '@engram/events';
import { z } from 'zod';

/** One proposal held in quarantine, as the quarantine file stores it. */
export const QuarantineItemSchema = z.object({
  quarantineId: z.string().min(1),
  proposalId: z.string().min(1),
  engram: EngramSchema,
  origin: ProposalOriginSchema,
  trust: TrustTierSchema,
  reasons: z.array(QuarantineReasonSchema),
  /** ISO time it was held. */
  quarantinedAt: z.string(),
});
export type QuarantineItem = z.infer<typeof QuarantineItemSchema>;

/** The whole quarantine file, versioned like the pending file. */
export const QuarantineFileSchema = z.object({ version: z.literal(1), items: z.array(QuarantineItemSchema) });
export type QuarantineFile = z.infer<typeof QuarantineFileSchema>;

export const EMPTY_QUARANTINE: QuarantineFile = { version: 1, items: [] };

/** A quarantine id from its proposal id (replay derives the same one): `engram memory quarantine accept q-...`. */
export const quarantineIdFor = (proposalId: string): string => `q-${proposalId}`;

/** Adds an item unless the same text (kind, scope) is already held: a repeated attempt is one entry. */
export const addQuarantined = (file: QuarantineFile, item: QuarantineItem): { file: QuarantineFile; item: QuarantineItem } => {
  const same = file.items.find((x) => x.engram.text === item.engram.text && x.engram.kind === item.engram.kind && x.engram.scope === item.engram.scope);
  if (same !== undefined) return { file, item: same };
  return { file: { ...file, items: [...file.items, item] }, item };
};

/** Removes the items with these ids (or 1-based positions in the list). */
export const takeQuarantined = (file: QuarantineFile, selectors: readonly string[]): { file: QuarantineFile; taken: QuarantineItem[]; unknown: string[] } => {
  const taken: QuarantineItem[] = [];
  const unknown: string[] = [];
  for (const sel of selectors) {
    const byPosition = /^\d+$/.test(sel) ? file.items[Number(sel) - 1] : undefined;
    const item = byPosition ?? file.items.find((x) => x.quarantineId === sel);
    if (item === undefined) unknown.push(sel);
    else if (!taken.includes(item)) taken.push(item);
  }
  return { file: { ...file, items: file.items.filter((x) => !taken.includes(x)) }, taken, unknown };
};
