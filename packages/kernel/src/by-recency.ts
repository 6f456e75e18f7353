import type { MemoryEntry } from './engram.js';

/**
 * Most recent first, deterministically: by `updatedAt` (ISO text sorts by time; a day-only date
 * sorts before the times of that day; no date sorts last), then later in the file first, because
 * appends are newer. Same input, same order.
 */
export const byRecency = (entries: readonly MemoryEntry[]): MemoryEntry[] =>
  entries
    .map((entry, position) => ({ entry, position, key: entry.updatedAt ?? '' }))
    .sort((a, b) => (a.key === b.key ? b.position - a.position : a.key < b.key ? 1 : -1))
    .map((x) => x.entry);
