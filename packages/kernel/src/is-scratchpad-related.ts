import type { MemoryEntry } from './engram.js';

/** Anton's test (anton.md §6.4): the text or the topic mentions the scratchpad; such entries go to the primer. */
export const isScratchpadRelated = (e: Pick<MemoryEntry, 'text' | 'topic'>): boolean =>
  e.text.toLowerCase().includes('scratchpad') || (e.topic ?? '').toLowerCase().includes('scratchpad');
