import { scrubSecrets } from '@engram/kernel';
import { defaultConsolidationParams, type ConsolidationParams } from './consolidation-params.js';
import type { ReplayCell } from './replay-cell.js';

const NO_DESCRIPTION = '(no description)';

/** Scrubbed first, then cut: cutting first could split a secret so the scrubber no longer sees it. */
const cut = (text: string, max: number): string => {
  const clean = scrubSecrets(text);
  return clean.length > max ? clean.slice(0, Math.max(0, max)) : clean;
};

/** One line: a description with line breaks would forge the next cell's summary line. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

const firstLine = (text: string): string => text.trim().split('\n')[0] ?? '';
const lastLine = (text: string): string => text.trim().split('\n').at(-1) ?? '';

const preview = (cell: ReplayCell, max: number): string => {
  if (cell.stdout.trim() !== '') return ` → ${cut(firstLine(cell.stdout), max)}`;
  if (cell.error !== '') return ` → ERROR: ${cut(lastLine(cell.error), max)}`;
  return '';
};

const summaryLines = (cell: ReplayCell, index: number, p: ConsolidationParams): string[] => {
  const status = cell.error !== '' ? 'error' : 'ok';
  const description = cut(oneLine(cell.description), p.descriptionChars) || NO_DESCRIPTION;
  const lines = [`Cell ${index + 1} [${status}]: ${description}${preview(cell, p.previewChars)}`];
  if (cell.error !== '' && cell.code !== '') {
    const code = scrubSecrets(cell.code);
    lines.push(`  Code: ${code.length > p.codeChars ? `${code.slice(0, p.codeChars)}...` : code}`);
  }
  return lines;
};

/**
 * A pad's cells as the replay prompt's user message (anton.md §9.2): one summary line per cell,
 * numbered from 1, `Cell <i> [error|ok]: <description><preview>`; the preview is the first line of
 * stdout, or else the last line of the error (`→ ERROR: ...`); a failed cell adds its code,
 * cut with `...`. Unlike Anton every field is scrubbed of secrets before it leaves the process
 * (§15.23), the description is kept to one bounded line, and at most `maxCellsPerReplay` cells
 * are shown, so the message is bounded whatever the pad did. Output that is only whitespace
 * shows no preview (Anton would print an empty one).
 */
export const compressCells = (cells: readonly ReplayCell[], params: ConsolidationParams = defaultConsolidationParams): string =>
  cells
    .slice(0, Math.max(0, params.maxCellsPerReplay))
    .flatMap((cell, i) => summaryLines(cell, i, params))
    .join('\n');
