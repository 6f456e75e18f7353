import type { MemoryEntry } from '@engram/kernel';
import type { MemoryDocument } from './memory-document.js';

/** Removes the entry with `id`; every other line (prose, headings, other entries) stays. */
export const removeEntry = (doc: MemoryDocument, id: string): { doc: MemoryDocument; removed: MemoryEntry | null } => {
  const index = doc.lines.findIndex((l) => l.item?.entry.id === id);
  const removed = doc.lines[index]?.item?.entry ?? null;
  if (removed === null) return { doc, removed };
  return { doc: { ...doc, lines: doc.lines.filter((_, i) => i !== index) }, removed };
};
