import type { EncodeRequest, MemoryEntry } from '@engram/kernel';

/**
 * When an entry was written, as a store records it: Anton keeps only the day (`ts:`), so a day is
 * that day at 00:00 UTC; a full time is kept as it is; none (a hand-written line) is the
 * import's time.
 */
const atOf = (updatedAt: string | null): string | undefined => {
  if (updatedAt === null) return undefined;
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(updatedAt) ? `${updatedAt}T00:00:00.000Z` : updatedAt);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
};

/**
 * A stored entry as a request to another store: same kind, topic, confidence, source and date;
 * dedupe is the target's. Not its trust tier: a folder's `trust:` claim is text anyone could have
 * written, so imported entries are read as the model's words (docs/memory-trust.md).
 */
export const entryRequest = (e: MemoryEntry, kind: EncodeRequest['kind']): EncodeRequest => {
  const at = atOf(e.updatedAt);
  return { text: e.text, kind, confidence: e.confidence, topic: e.topic, source: e.source, ...(at === undefined ? {} : { at }) };
};
