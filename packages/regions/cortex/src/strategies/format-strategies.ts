import type { StrategyItem } from './strategy-item.js';

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** The block's first line; the tool is named so the model knows which call the tips are for. */
export const strategyHeader = (tool: string): string => `What past sessions learned that applies to ${oneLine(tool)}:`;

/**
 * An item as printed: `- text`. A recipe's steps stay on their own lines, indented under the
 * first, so "1. file -i" and "2. iconv" do not run together; blank lines are dropped.
 */
export const strategyLine = (item: Pick<StrategyItem, 'text'>): string => {
  const lines = item.text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return `- ${lines.join('\n  ')}`;
};

/**
 * The text put before a call (or appended to the tool's description, after a blank line):
 * the heading and one entry per chosen item, best first; "" when nothing was chosen. Ranking fits
 * exactly this text into its budget.
 */
export const formatStrategies = (chosen: readonly { readonly item: Pick<StrategyItem, 'text'> }[], tool: string): string =>
  chosen.length === 0 ? '' : [strategyHeader(tool), ...chosen.map((c) => strategyLine(c.item))].join('\n');
