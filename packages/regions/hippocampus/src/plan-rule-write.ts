import { addRules, type PlacedEntry } from './add-entries.js';
import { appendRules } from './append-rules.js';
import { countRepeatedHeadings, groupSections } from './group-sections.js';
import type { MemoryDocument } from './memory-document.js';

/** When rules.md is rewritten rather than appended to. */
export interface RuleWriteLimits {
  /** Files shorter than this are rewritten in Anton's grouped layout: cheap at that size, and the file a person reads stays tidy. */
  readonly rewriteBelowLines: number;
  /** More repeated section headings than this and the next write regroups the file in one rewrite. */
  readonly maxRepeatedHeadings: number;
}

export const DEFAULT_RULE_WRITE_LIMITS: RuleWriteLimits = {
  // About 30 KB: a rewrite of that costs little more than the append's own fsync, and most
  // memory files (Anton compacts past 20 entries) never grow beyond it.
  rewriteBelowLines: 256,
  // Keeps the layout noise a person (or Anton's raw `recall_rules`) sees to a few dozen
  // headings, while a full rewrite happens at most once per 64 encodes: 10,000 rules write
  // ~130 MB instead of ~8 GB.
  maxRepeatedHeadings: 64,
};

export type RuleWrite = { readonly mode: 'append'; readonly doc: MemoryDocument; readonly text: string } | { readonly mode: 'rewrite'; readonly doc: MemoryDocument };

/**
 * How to add rules to rules.md: a rewrite with each rule in its section (a new or small file),
 * an append at the end (`appendRules`: O(new lines) on disk instead of O(file)), or, once the
 * appends have left too many repeated headings, one rewrite that groups the sections again.
 * All three give every reader the same rules in the same per-section order.
 */
export const planRuleWrite = (doc: MemoryDocument, rules: readonly PlacedEntry[], exists: boolean, limits: RuleWriteLimits = DEFAULT_RULE_WRITE_LIMITS): RuleWrite => {
  if (!exists || doc.lines.length < limits.rewriteBelowLines) return { mode: 'rewrite', doc: addRules(doc, rules) };
  const appended = appendRules(doc, rules);
  if (countRepeatedHeadings(appended.doc) <= limits.maxRepeatedHeadings) return { mode: 'append', doc: appended.doc, text: appended.appended };
  return { mode: 'rewrite', doc: groupSections(appended.doc) };
};
