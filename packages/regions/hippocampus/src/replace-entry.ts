import type { MemoryEntry } from '@engram/kernel';
import { derivedEntryId } from './entry-id.js';
import { entryLineText } from './entry-line.js';
import { dayOf } from './format-timestamp.js';
import type { MemoryDocument } from './memory-document.js';
import { setMetadataValue } from './split-metadata.js';

/**
 * Gives the entry with `id` a new text (already cleaned) and time, keeping its id and every
 * other metadata key as it was. An entry that had no `id:` gets one written, so its id does not
 * change with its text (Anton's went stale, anton.md §15.26). Profile facts carry no metadata.
 * Returns null when no entry has that id.
 */
export const replaceEntry = (doc: MemoryDocument, id: string, text: string, at: string): { doc: MemoryDocument; entry: MemoryEntry } | null => {
  const index = doc.lines.findIndex((l) => l.item?.entry.id === id);
  const line = doc.lines[index];
  if (line?.item == null) return null;
  let comment: string | null = null;
  if (doc.file !== 'profile') {
    comment = line.item.comment ?? '';
    for (const [k, v] of [['ts', dayOf(at)], ['at', at], ['id', id]] as const) comment = setMetadataValue(comment, k, v);
  }
  // Profile facts have nowhere to keep an id, so theirs follows the text, as on the next read.
  const entry: MemoryEntry =
    doc.file === 'profile' ? { ...line.item.entry, id: derivedEntryId(doc.scope, 'profile', text, 0), text } : { ...line.item.entry, text, updatedAt: at };
  const lines = [...doc.lines];
  lines[index] = { ...line, raw: entryLineText(text, comment), item: { entry, comment }, notes: [] };
  return { doc: { ...doc, lines }, entry };
};
