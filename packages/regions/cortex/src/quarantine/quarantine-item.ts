import { EngramSchema, ProposalOriginSchema, QuarantineReasonSchema, TrustTierSchema } from '@engram/events';
import { z } from 'zod';
import type { HeldKind } from '../held/held-kind.js';

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

/** A quarantine id from its proposal id (replay derives the same one): `engram memory quarantine accept q-...`. */
export const quarantineIdFor = (proposalId: string): string => `q-${proposalId}`;

/** The quarantine kind of held proposal: a person vouches for or deletes it by its quarantine id. */
export const QUARANTINE_KIND: HeldKind<QuarantineItem> = { name: 'quarantine', idOf: (item) => item.quarantineId };
