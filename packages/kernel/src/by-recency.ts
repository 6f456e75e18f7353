import type { MemoryEntry } from './engram.js';

/** Is every entry at least as recent as the one before it (the usual file: appends are newer)? */
const inFileOrder = (entries: readonly MemoryEntry[]): boolean => {
  for (let i = 1; i < entries.length; i++) if ((entries[i]?.updatedAt ?? '') < (entries[i - 1]?.updatedAt ?? '')) return false;
  return true;
};

/**
 * Most recent first, deterministically: by `updatedAt` (ISO text sorts by time; a day-only date
 * sorts before the times of that day; no date sorts last), then later in the file first, because
 * appends are newer. Same input, same order. A file already in time order is simply read
 * backwards (the same order the sort gives, without sorting ten thousand entries per prompt).
 */
export const byRecency = (entries: readonly MemoryEntry[]): MemoryEntry[] =>
  inFileOrder(entries)
    ? [...entries].reverse()
    : entries
        .map((entry, position) => ({ entry, position, key: entry.updatedAt ?? '' }))
        .sort((a, b) => (a.key === b.key ? b.position - a.position : a.key < b.key ? 1 : -1))
        .map((x) => x.entry);
