import type { MemoryEntry, SemanticSnapshot } from '@engram/kernel';
import { sortRulesBySection, type MemoryFileKind } from '@engram/hippocampus/semantic';

/** An entry with its place in its file (the table's `pos`). */
export interface PlacedRow {
  readonly file: MemoryFileKind;
  readonly pos: number;
  readonly entry: MemoryEntry;
}

/**
 * What a reader holds of one scope: each file's entries in file order, the snapshot built from
 * them, the oldest transaction its read could not see (`xmin`): every later change has a `rev` at
 * or above it, and how many rows the scope had lost by then (`removals`: deletions and id changes).
 */
export interface ScopeState {
  readonly files: Readonly<Record<MemoryFileKind, readonly PlacedRow[]>>;
  readonly snapshot: SemanticSnapshot;
  readonly xmin: string;
  readonly removals: string;
}

const FILES: readonly MemoryFileKind[] = ['rules', 'lessons', 'profile'];

const snapshotOf = (files: ScopeState['files'], previous: ScopeState | null): SemanticSnapshot => {
  const same = (f: MemoryFileKind) => previous !== null && previous.files[f] === files[f];
  const entries = (f: MemoryFileKind) => files[f].map((r) => r.entry);
  // A file that did not change keeps its array, so what readers memoise on it stays valid.
  return {
    rules: same('rules') && previous !== null ? previous.snapshot.rules : sortRulesBySection(entries('rules')),
    lessons: same('lessons') && previous !== null ? previous.snapshot.lessons : entries('lessons'),
    identities: same('profile') && previous !== null ? previous.snapshot.identities : entries('profile'),
    diagnostics: [],
  };
};

/** The state of a full read: rows in `pos` order. */
export const fullState = (rows: readonly PlacedRow[], xmin: string, removals: string): ScopeState => {
  const files: Record<MemoryFileKind, PlacedRow[]> = { rules: [], lessons: [], profile: [] };
  for (const r of rows) files[r.file].push(r);
  return { files, snapshot: snapshotOf(files, null), xmin, removals };
};

/**
 * The state after the rows written since `previous` (inserted or updated, by id), or null when the
 * scope lost rows since (its `removals` moved: a deletion, or a fact whose id followed its text),
 * which needs a full read. Updates keep their place; inserts go by `pos`.
 */
export const mergeChanges = (previous: ScopeState, changed: readonly PlacedRow[], removals: string, xmin: string): ScopeState | null => {
  if (removals !== previous.removals) return null;
  if (changed.length === 0) return { ...previous, xmin };
  const files = { ...previous.files };
  for (const f of FILES) {
    const mine = changed.filter((r) => r.file === f);
    if (mine.length === 0) continue;
    const byId = new Map(mine.map((r) => [r.entry.id, r]));
    const kept = files[f].map((r) => {
      const next = byId.get(r.entry.id);
      if (next === undefined) return r;
      byId.delete(r.entry.id);
      return next;
    });
    const added = [...byId.values()].sort((a, b) => a.pos - b.pos);
    const last = kept.at(-1)?.pos ?? -Infinity;
    files[f] = added.length === 0 ? kept : (added[0]?.pos ?? 0) > last ? [...kept, ...added] : [...kept, ...added].sort((a, b) => a.pos - b.pos);
  }
  return { files, snapshot: snapshotOf(files, previous), xmin, removals };
};
