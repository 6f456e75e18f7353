import { promptLine } from '@engram/kernel';
import type { MemoryEntry } from '@engram/kernel';
import { z } from 'zod';

/** Below this many entries in a file there is too little to merge to be worth a model call (Anton's figure). */
export const MIN_ENTRIES_TO_COMPACT = 8;
/** Automatic compaction starts only above this many entries per scope (Anton's threshold); on demand ignores it. */
export const AUTO_COMPACTION_THRESHOLD = 20;

/** What the model answers: the 1-based numbers of the entries to keep. */
export const CompactionAnswerSchema = z.object({
  keep: z.array(z.number().int()).describe('1-based numbers of the entries to keep'),
});

export const COMPACTION_SYSTEM = [
  'You tidy an agent\'s long-term memory. You get a numbered list of entries, each with its metadata (ts is the date written).',
  'Return the numbers of the entries to keep:',
  '- of exact duplicates keep one;',
  '- where several entries say the same thing keep the clearest one (you cannot reword entries);',
  '- drop an entry that a newer, more specific entry supersedes;',
  '- keep every unique, useful entry. Be conservative: when unsure, keep it.',
].join('\n');

/** The user message: `<n>. <entry>` lines, metadata kept so the model can see what is newer. */
export const compactionPrompt = (entries: readonly MemoryEntry[]): string =>
  entries.map((e, i) => `${i + 1}. ${e.kind !== null && e.kind !== 'lesson' ? `[${e.kind}] ` : ''}${promptLine(e, true).slice(2)}`).join('\n');

export type CompactionVerdict =
  | { readonly status: 'compacted'; readonly kept: readonly MemoryEntry[]; readonly dropped: readonly MemoryEntry[] }
  /** The answer named no valid entry: nothing is dropped (an empty answer never wipes memory). */
  | { readonly status: 'empty-answer' }
  /** The model kept everything. */
  | { readonly status: 'unchanged' };

/**
 * Which entries survive, given the model's numbers. Invalid, repeated and out-of-range numbers
 * are ignored; survivors keep file order. Pure.
 */
export const judgeCompaction = (entries: readonly MemoryEntry[], keep: readonly number[]): CompactionVerdict => {
  const wanted = new Set(keep.filter((n) => Number.isInteger(n) && n >= 1 && n <= entries.length));
  if (wanted.size === 0) return { status: 'empty-answer' };
  const kept = entries.filter((_, i) => wanted.has(i + 1));
  const dropped = entries.filter((_, i) => !wanted.has(i + 1));
  return dropped.length === 0 ? { status: 'unchanged' } : { status: 'compacted', kept, dropped };
};
