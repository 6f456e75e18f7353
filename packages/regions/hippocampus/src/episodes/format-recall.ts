import { cutChars } from '@engram/kernel';
import type { EpisodeRecall, RecalledEpisode } from './recall-episodes.js';

/**
 * The default size of the recall tool's answer, in characters (about 3,000 tokens): room for
 * 20 short hits with their turns, or five full tool results, at about 1.5% of a 200k context.
 * Anton's output had no size bound at all (anton.md §15.20, §15.29).
 */
export const DEFAULT_RECALL_BUDGET_CHARS = 12_000;
/** A line cut shorter than this says too little to be worth showing; it is left out instead. */
const MIN_CUT_LINE = 120;
/** Room kept for the closing note that says what was left out. */
const NOTE_RESERVE = 160;
/** Anton's per-line cut (§8.4): long roles show 2000 characters, the rest 500. */
const LONG_ROLES: ReadonlySet<string> = new Set(['assistant', 'scratchpad', 'tool_result', 'tool_call']);

/** Anton's line: `[<ts>] (<role>) <content cut to 2000 or 500>`. */
export const recallLine = ({ episode }: RecalledEpisode): string => `[${episode.ts}] (${episode.role}) ${cutChars(episode.content, LONG_ROLES.has(episode.role) ? 2000 : 500)}`;

/**
 * Anton's `recall_formatted` under a size budget. Matching episodes are given room first, newest
 * first; context from their turns fills what is left. Lines are shown in recall order and a
 * closing note says how many episodes were left out, so the model knows to narrow the query.
 */
export const formatRecall = (recall: EpisodeRecall, budgetChars: number = DEFAULT_RECALL_BUDGET_CHARS): string => {
  if (recall.groups.length === 0) return `No episodes found matching '${recall.query}'.`;
  const items = recall.groups.flatMap((g) => g.episodes).map((e) => ({ e, text: recallLine(e), shown: null as string | null }));
  let room = Math.max(budgetChars - NOTE_RESERVE, MIN_CUT_LINE);
  const place = (item: (typeof items)[number]): void => {
    const cost = item.text.length + 1;
    if (cost <= room) {
      item.shown = item.text;
      room -= cost;
    } else if (room - 2 >= MIN_CUT_LINE) {
      item.shown = `${item.text.slice(0, room - 2).replace(/[\uD800-\uDBFF]$/, '')}…`;
      room = 0;
    }
  };
  for (const item of items) if (item.e.hit) place(item);
  for (const item of items) if (!item.e.hit) place(item);
  const lines = items.flatMap((i) => (i.shown === null ? [] : [i.shown]));
  const omitted = items.length - lines.length;
  if (omitted > 0) lines.push(`[… ${omitted} more episode${omitted === 1 ? '' : 's'} not shown: output limit of ${budgetChars} characters. Narrow the query, lower max_results or set days_back.]`);
  return lines.join('\n');
};
