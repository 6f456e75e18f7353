import type { EventData } from '@engram/events';
import type { MemoryEntry } from '@engram/kernel';
import type { ContextBudgets } from '../context-budgets.js';
import type { ContextInjection } from '../injected-item.js';
import { buildMemoryContext } from '../memory-context.js';
import type { ScopeMemory } from '../scope-memory.js';
import { recordedScope, scopeFromRecord } from './recorded-entry.js';

export type ContextRead = EventData<'cortex.context.read'>;

/** What both scopes held when a memory block was built. */
export interface MemorySnapshot {
  readonly global: ScopeMemory;
  /** Null for a session outside any project. */
  readonly project: ScopeMemory | null;
}

const sameEntry = (a: MemoryEntry, b: MemoryEntry | undefined): boolean =>
  b !== undefined && a.id === b.id && a.text === b.text && a.kind === b.kind && a.section === b.section && a.updatedAt === b.updatedAt && a.topic === b.topic && a.confidence === b.confidence && a.source === b.source && a.scope === b.scope && a.trust === b.trust;

const sameEntries = (a: readonly MemoryEntry[], b: readonly MemoryEntry[]): boolean => a === b || (a.length === b.length && a.every((e, i) => sameEntry(e, b[i])));

const sameScope = (a: ScopeMemory | null, b: ScopeMemory | null): boolean =>
  a === b || (a !== null && b !== null && sameEntries(a.rules, b.rules) && sameEntries(a.lessons, b.lessons) && sameEntries(a.identities, b.identities));

/**
 * The recorded inputs of a memory block: the message, the budgets and the snapshot, which is left
 * out (null) when it equals `recorded` (what the session's previous read recorded), so a long
 * session's log holds its memory once per change rather than once per turn.
 */
export const contextRead = (message: string, budgets: ContextBudgets, now: MemorySnapshot, recorded: MemorySnapshot | null): ContextRead => ({
  message,
  budgets: { identity: budgets.identity, rules: budgets.rules, lessons: budgets.lessons, primer: budgets.primer },
  memory: recordedMemory(now, recorded),
});

/** Both scopes as a read records them, or null when they equal `recorded` (what the session's previous read, of either kind, recorded). */
export const recordedMemory = (now: MemorySnapshot, recorded: MemorySnapshot | null): ContextRead['memory'] =>
  recorded !== null && sameScope(now.global, recorded.global) && sameScope(now.project, recorded.project) ? null : { global: recordedScope(now.global), project: now.project === null ? null : recordedScope(now.project) };

/** The snapshot a read stands for: its own, else the one recorded before it (null when the log holds none). */
export const snapshotOf = (read: Pick<ContextRead, 'memory'>, previous: MemorySnapshot | null): MemorySnapshot | null =>
  read.memory === null ? previous : { global: scopeFromRecord(read.memory.global), project: read.memory.project === null ? null : scopeFromRecord(read.memory.project) };

/** The injection of the memory block rebuilt from its recorded inputs (`buildMemoryContext` is pure). */
export const injectionFromRead = (read: ContextRead, memory: MemorySnapshot): ContextInjection =>
  buildMemoryContext({ global: memory.global, project: memory.project, message: read.message, budgets: read.budgets }).injection;
