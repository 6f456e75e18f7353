import type { EventData } from '@engram/events';
import type { MemoryEntry } from '@engram/kernel';
import { DEFAULT_CONTEXT_BUDGETS, type ContextBudgets } from '../context-budgets.js';
import type { ContextInjection } from '../injected-item.js';
import { buildMemoryContext } from '../memory-context.js';
import type { ScopeMemory } from '../scope-memory.js';
import type { OfferedSkill } from '../skills-section.js';
import { pinPrefix, type MemoryPin } from './memory-pin.js';
import { recordedScope, scopeFromRecord } from './recorded-entry.js';
import { sameEntry } from './same-entry.js';

export type ContextRead = EventData<'cortex.context.read'>;

/** What both scopes held when a memory block was built. */
export interface MemorySnapshot {
  readonly global: ScopeMemory;
  /** Null for a session outside any project. */
  readonly project: ScopeMemory | null;
}


const sameEntries = (a: readonly MemoryEntry[], b: readonly MemoryEntry[]): boolean => a === b || (a.length === b.length && a.every((e, i) => sameEntry(e, b[i])));

const sameScope = (a: ScopeMemory | null, b: ScopeMemory | null): boolean =>
  a === b || (a !== null && b !== null && sameEntries(a.rules, b.rules) && sameEntries(a.lessons, b.lessons) && sameEntries(a.identities, b.identities));

/** What a session's earlier reads left for the next block: the last memory and skills recorded, and the conversation's pin (the memory core's state). */
export interface RecordedContext {
  readonly memory: MemorySnapshot | null;
  readonly skills: readonly OfferedSkill[] | null;
  readonly pin: MemoryPin | null;
}

const sameSkills = (a: readonly OfferedSkill[], b: readonly OfferedSkill[] | null): boolean => b !== null && a.length === b.length && a.every((s, i) => s.label === b[i]?.label && s.description === b[i]?.description);

/**
 * The recorded inputs of a conversation's memory block: the message, the budgets, the snapshot
 * and the skills offered (each left out, null, when it equals what the session's previous read
 * recorded, so a long session's log holds them once per change rather than once per turn), and
 * that the block is built on the conversation's pin.
 */
export const contextRead = (message: string, budgets: ContextBudgets, now: MemorySnapshot, recorded: RecordedContext, skills?: readonly OfferedSkill[]): ContextRead => ({
  message,
  budgets: { identity: budgets.identity, rules: budgets.rules, lessons: budgets.lessons, primer: budgets.primer, skills: budgets.skills },
  memory: recordedMemory(now, recorded.memory),
  ...(skills === undefined ? {} : { skills: sameSkills(skills, recorded.skills) ? null : skills.map((s) => ({ label: s.label, description: s.description })) }),
  pinned: true,
});

/** Both scopes as a read records them, or null when they equal `recorded` (what the session's previous read, of either kind, recorded). */
export const recordedMemory = (now: MemorySnapshot, recorded: MemorySnapshot | null): ContextRead['memory'] =>
  recorded !== null && sameScope(now.global, recorded.global) && sameScope(now.project, recorded.project) ? null : { global: recordedScope(now.global), project: now.project === null ? null : recordedScope(now.project) };

/** The snapshot a read stands for: its own, else the one recorded before it (null when the log holds none). */
export const snapshotOf = (read: Pick<ContextRead, 'memory'>, previous: MemorySnapshot | null): MemorySnapshot | null =>
  read.memory === null ? previous : { global: scopeFromRecord(read.memory.global), project: read.memory.project === null ? null : scopeFromRecord(read.memory.project) };

/** The skills a read offered: its own, else those recorded before it (null: none recorded); undefined when it offered none. */
export const skillsOf = (read: Pick<ContextRead, 'skills'>, previous: readonly OfferedSkill[] | null): readonly OfferedSkill[] | undefined =>
  read.skills === undefined ? undefined : (read.skills ?? previous ?? []);

/** The budgets a read recorded (one recorded before skills were offered has no skills budget, and offered none). */
const budgetsOf = (read: Pick<ContextRead, 'budgets'>): ContextBudgets => ({ ...read.budgets, skills: read.budgets.skills ?? DEFAULT_CONTEXT_BUDGETS.skills });

/**
 * The pin a read's block was built on (`pinPrefix` of the conversation's pin and the read's
 * memory), or undefined for a read recorded before blocks were pinned (its prefix was its own
 * snapshot's).
 */
export const pinOf = (read: Pick<ContextRead, 'pinned' | 'budgets'>, memory: MemorySnapshot, pin: MemoryPin | null): MemoryPin | undefined =>
  read.pinned === true ? pinPrefix(pin, memory, read.budgets) : undefined;

/** The injection of the memory block rebuilt from its recorded inputs (`buildMemoryContext` is pure). */
export const injectionFromRead = (read: ContextRead, memory: MemorySnapshot, pin: MemoryPin | undefined, skills: readonly OfferedSkill[] | undefined): ContextInjection =>
  buildMemoryContext({ global: memory.global, project: memory.project, message: read.message, budgets: budgetsOf(read), ...(pin === undefined ? {} : { pin }), ...(skills === undefined ? {} : { skills }) }).injection;
