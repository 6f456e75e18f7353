import type { MemoryEntry, SemanticStore } from '@engram/kernel';
import { COMPACTION_SYSTEM, CompactionAnswerSchema, MIN_ENTRIES_TO_COMPACT, compactionPrompt, judgeCompaction } from '../compaction-plan.js';
import type { StructuredModel } from './structured-model.js';

export type CompactionFile = 'rules' | 'lessons';

export interface FileCompaction {
  readonly scope: SemanticStore['scope'];
  readonly file: CompactionFile;
  /** skipped: too few entries; failed: the model call failed; empty-answer: it kept nothing valid. Nothing is removed in those cases. */
  readonly status: 'skipped' | 'failed' | 'empty-answer' | 'unchanged' | 'compacted' | 'previewed';
  readonly total: number;
  /** The entries the model chose to drop (removed unless previewing). */
  readonly dropped: readonly MemoryEntry[];
  /** How many were really removed (an entry edited or removed meanwhile is left alone). */
  readonly removed: number;
  readonly error: string | null;
}

export interface CompactOptions {
  /** Ask the model and report, but remove nothing. */
  readonly preview?: boolean;
  readonly minEntries?: number;
}

const filesOf = (snapshot: Awaited<ReturnType<SemanticStore['read']>>): readonly (readonly [CompactionFile, MemoryEntry[]])[] => [
  ['lessons', [...snapshot.lessons]],
  // Only entries of the three rule kinds: hand-made sections are the user's and never offered.
  ['rules', snapshot.rules.filter((e) => e.kind === 'always' || e.kind === 'never' || e.kind === 'when')],
];

/**
 * Compaction of one scope (anton.md §7.4) through the LLM port: lessons, then rules. Nothing is
 * rewritten from the snapshot the model saw: each dropped entry is removed by id, through the
 * store, under its lock, and only if it still holds the text the model judged. Entries
 * appended while the model was thinking are never touched, which closes Anton's lost-update
 * window (§15.15). A failed call or an answer that keeps nothing leaves every entry in place.
 */
export const compactStore = async (store: SemanticStore, model: StructuredModel, options: CompactOptions = {}): Promise<FileCompaction[]> => {
  const min = options.minEntries ?? MIN_ENTRIES_TO_COMPACT;
  const out: FileCompaction[] = [];
  for (const [file, entries] of filesOf(await store.read())) {
    const base = { scope: store.scope, file, total: entries.length, dropped: [], removed: 0, error: null };
    if (entries.length < min) {
      out.push({ ...base, status: 'skipped' });
      continue;
    }
    let keep: number[];
    try {
      const answer = await model.generateObject(CompactionAnswerSchema, {
        system: COMPACTION_SYSTEM,
        messages: [{ role: 'user', content: compactionPrompt(entries) }],
        role: 'coding',
        purpose: 'compaction',
        name: 'CompactionResult',
      });
      keep = answer.keep;
    } catch (err) {
      out.push({ ...base, status: 'failed', error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
      continue;
    }
    const verdict = judgeCompaction(entries, keep);
    if (verdict.status !== 'compacted') {
      out.push({ ...base, status: verdict.status });
      continue;
    }
    if (options.preview === true) {
      out.push({ ...base, status: 'previewed', dropped: verdict.dropped });
      continue;
    }
    out.push({ ...base, status: 'compacted', dropped: verdict.dropped, removed: await removeUnchanged(store, verdict.dropped) });
  }
  return out;
};

/** Removes each entry that still exists with the text the model saw; returns how many went. */
const removeUnchanged = async (store: SemanticStore, dropped: readonly MemoryEntry[]): Promise<number> => {
  const now = await store.read();
  const current = new Map([...now.rules, ...now.lessons].map((e) => [e.id, e.text]));
  let removed = 0;
  for (const e of dropped) {
    if (current.get(e.id) !== e.text) continue;
    const r = await store.remove(e.id);
    if (r.outcome === 'removed') removed++;
  }
  return removed;
};
