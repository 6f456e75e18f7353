import type { MemoryEntry } from '@engram/kernel';

/** The same stored entry in every field a memory block or a write decision reads. */
export const sameEntry = (a: MemoryEntry, b: MemoryEntry | undefined): boolean =>
  b !== undefined && a.id === b.id && a.text === b.text && a.kind === b.kind && a.section === b.section && a.updatedAt === b.updatedAt && a.topic === b.topic && a.confidence === b.confidence && a.source === b.source && a.scope === b.scope && a.trust === b.trust;
