import type { ConsolidatedLesson } from './consolidated-lessons.js';

/**
 * The items of one answer that become proposals (anton.md §9.3): text trimmed, blank ones
 * skipped, then the first `max`. Unlike Anton, an item repeating an earlier one of the same
 * answer (same kind and text, any case) is skipped before the cap, so a model that says one
 * thing twice does not spend two of the five places on it.
 */
export const selectItems = (items: readonly ConsolidatedLesson[], max: number): ConsolidatedLesson[] => {
  const seen = new Set<string>();
  const out: ConsolidatedLesson[] = [];
  for (const item of items) {
    if (out.length >= max) break;
    const text = item.text.trim();
    const key = `${item.kind}\u0000${text.toLowerCase()}`;
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    out.push({ ...item, text, topic: item.topic.trim() });
  }
  return out;
};
