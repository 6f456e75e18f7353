import type { MemoryEntry } from '@engram/kernel';

/**
 * Rules as Anton's `get_rules` returns them: stably sorted by section name (always < never <
 * when; unknown sections where they sort). Within a section, file order. This order does not
 * depend on how the sections are laid out in the file (one block each, or repeated headings).
 */
export const sortRulesBySection = (rules: readonly MemoryEntry[]): MemoryEntry[] =>
  rules
    .map((e, i) => ({ e, i }))
    .sort((a, b) => ((a.e.section ?? '') < (b.e.section ?? '') ? -1 : (a.e.section ?? '') > (b.e.section ?? '') ? 1 : a.i - b.i))
    .map((x) => x.e);
