import { claimOf } from '../contradiction/claim-of.js';
import type { ConsolidatedLesson } from './consolidated-lessons.js';
import type { ReplayCell } from './replay-cell.js';

/** Words of at least this many characters carry a subject (shorter ones are mostly syntax: `df`, `in`, `==`). */
const MIN_WORD = 3;

const words = (text: string): Set<string> => new Set([...claimOf(text, null).subject].filter((w) => w.length >= MIN_WORD));

const overlap = (item: ReadonlySet<string>, cell: ReadonlySet<string>): number => {
  if (item.size === 0) return 0;
  let n = 0;
  for (const w of item) if (cell.has(w)) n++;
  return n / item.size;
};

const failed = (c: ReplayCell): boolean => c.killed || c.error.trim() !== '';

/**
 * Mentions are not assertions (issue 14): drops the items that restate a hypothesis the session
 * tested and abandoned: at least `threshold` of the item's words come from a cell that failed,
 * and some of them (the hypothesis's own) appear in no later cell that succeeded (it was not
 * retried successfully). Items that deny
 * ("never ...", "do not ...") are kept: a rule against the failed approach is what the failure
 * taught. Pure, so replay drops the same items.
 */
export const dropAbandoned = (items: readonly ConsolidatedLesson[], cells: readonly ReplayCell[], threshold: number): ConsolidatedLesson[] => {
  const seen = cells.map((c) => ({ failed: failed(c), words: words(`${c.description} ${c.code} ${c.stdout}`) }));
  return items.filter((item) => {
    if (item.kind === 'never' || claimOf(item.text, item.kind).negated) return true;
    const w = words(item.text);
    return !seen.some((c, i) => {
      if (!c.failed || overlap(w, c.words) < threshold) return false;
      // The hypothesis's own words: from the failed cell, and in no cell that later succeeded.
      const later = seen.slice(i + 1).filter((x) => !x.failed);
      return [...w].some((word) => c.words.has(word) && !later.some((x) => x.words.has(word)));
    });
  });
};
