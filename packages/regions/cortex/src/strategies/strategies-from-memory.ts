import type { MemoryEntry } from '@engram/kernel';
import type { ScopeMemory } from '../scope-memory.js';
import type { StrategyItem } from './strategy-item.js';

/** Milliseconds of an entry's `updatedAt` (a full ISO time, or a day, read as that day's UTC midnight); null when absent or unreadable. */
const seenAtOf = (e: MemoryEntry): number | null => {
  if (e.updatedAt === null) return null;
  const ms = Date.parse(e.updatedAt);
  return Number.isNaN(ms) ? null : ms;
};

const itemOf = (e: MemoryEntry, kind: 'rule' | 'lesson'): StrategyItem => ({
  id: e.id,
  kind,
  text: e.text,
  // Anton ranks a missing confidence with medium (anton.md §6.6).
  confidence: e.confidence ?? 'medium',
  seenAt: seenAtOf(e),
  topic: e.topic,
  ...(kind === 'rule' ? { ruleKind: e.kind === 'always' || e.kind === 'never' || e.kind === 'when' ? e.kind : null } : {}),
});

/** Candidates of one entry list, made once per list: a store returns the same arrays while its files are unchanged. */
const memo = { rule: new WeakMap<readonly MemoryEntry[], readonly StrategyItem[]>(), lesson: new WeakMap<readonly MemoryEntry[], readonly StrategyItem[]>() };
const itemsOf = (entries: readonly MemoryEntry[], kind: 'rule' | 'lesson'): readonly StrategyItem[] => {
  let items = memo[kind].get(entries);
  if (items === undefined) {
    items = entries.map((e) => itemOf(e, kind));
    memo[kind].set(entries, items);
  }
  return items;
};

/**
 * The rules and lessons of both scopes as strategy candidates (global first, each in file order).
 * Every rule counts, whatever its section (a hand-made `## Notes` rule is still a rule); profile
 * facts are not strategies. Entries carry no tool list: their text says which tool they are about.
 */
export const strategiesFromMemory = (global: ScopeMemory, project: ScopeMemory | null): StrategyItem[] =>
  [global, project].flatMap((m) => (m === null ? [] : [...itemsOf(m.rules, 'rule'), ...itemsOf(m.lessons, 'lesson')]));
