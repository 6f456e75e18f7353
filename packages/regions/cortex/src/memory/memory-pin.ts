import type { ContextBudgets } from '../context-budgets.js';
import { buildMemoryPrefix } from '../memory-context.js';
import type { MemorySnapshot } from './context-read.js';
import { sameEntry } from './same-entry.js';

/**
 * What a conversation's memory block starts with: the memory its prefix (profile, always/never
 * rules) was built from, and the budgets it was built within. Anton pins its memory text per
 * conversation so the model provider's prompt cache keeps hitting; so does engram.
 */
export interface MemoryPin {
  readonly memory: MemorySnapshot;
  readonly budgets: Pick<ContextBudgets, 'identity' | 'rules'>;
}

/** Every entry the pinned prefix shows is still stored as it was (same id, text, kind, ...), in the same scope and list. */
const prefixHolds = (pin: MemoryPin, now: MemorySnapshot): boolean =>
  buildMemoryPrefix({ ...pin.memory, budgets: pin.budgets }).sections.every((section) => {
    const list = section.key === 'identity' ? now.global.identities : section.key === 'global-rules' ? now.global.rules : (now.project?.rules ?? []);
    const byId = new Map(list.map((e) => [e.id, e]));
    return section.entries.every((e) => sameEntry(e, byId.get(e.id)));
  });

/**
 * The pin a memory block is built on: the conversation's, kept while every entry its prefix shows
 * is still stored unchanged and the budgets and the project are the same (what was written since
 * follows the prefix, in the "added" sections); else a new pin of the memory now. So writing a
 * rule never breaks the cached prefix, and a rule forgotten, corrected or edited leaves it at the
 * next block: memory a person removed is not shown again. Pure, so replay re-derives each pin.
 */
export const pinPrefix = (pin: MemoryPin | null, now: MemorySnapshot, budgets: Pick<ContextBudgets, 'identity' | 'rules'>): MemoryPin => {
  const same = pin !== null && pin.budgets.identity === budgets.identity && pin.budgets.rules === budgets.rules && (pin.memory.project === null) === (now.project === null);
  return same && prefixHolds(pin, now) ? pin : { memory: now, budgets: { identity: budgets.identity, rules: budgets.rules } };
};
