import { scrubSecrets } from '@engram/kernel';
import type { FailedCell } from './failed-cell.js';

/** Anton's per-field limits (anton.md §4.3): enough to see the failure, bounded so one cell cannot fill the prompt. */
const CODE_CHARS = 800;
const STDOUT_CHARS = 500;
const STDERR_CHARS = 400;
const ERROR_CHARS = 400;
const TRUNCATED = '\n... [truncated]';

export interface PostMortemPrompt {
  readonly system: string;
  readonly user: string;
}

const SYSTEM =
  'You review code cells after they ran. For each cell you get what the author meant it to do and what ' +
  'actually happened. Your job is a short post-mortem: find where the outcome diverged from the intent ' +
  'and turn it into lessons that will help the next cells, in this project or another, go right the first time.';

/** Scrubbed first, then cut: cutting first could split a secret so the scrubber no longer sees it. */
const clip = (text: string, max: number): string => {
  const clean = scrubSecrets(text.trim());
  return clean.length > max ? `${clean.slice(0, max)}${TRUNCATED}` : clean;
};

const cellBlock = (cell: FailedCell, index: number): string => {
  const lines = [`### Cell ${index + 1}`, `**Intent:** ${clip(cell.description, Number.MAX_SAFE_INTEGER) || '(no description provided)'}`];
  const code = clip(cell.code, CODE_CHARS);
  if (code !== '') lines.push('**Code:**', '```python', code, '```');
  const stdout = clip(cell.stdout, STDOUT_CHARS);
  const stderr = clip(cell.stderr, STDERR_CHARS);
  const error = clip(cell.error, ERROR_CHARS);
  if (stdout !== '') lines.push(`**stdout:** ${stdout}`);
  if (stderr !== '') lines.push(`**stderr:** ${stderr}`);
  if (error !== '') lines.push(`**${cell.killed ? 'killed' : 'error'}:** ${error}`);
  if (stdout === '' && stderr === '' && error === '') lines.push('(no output produced)');
  return lines.join('\n');
};

/**
 * The post-mortem request for one flush (anton.md §4.3, in engram's words): every field of every
 * cell scrubbed of secrets before it leaves the process (Anton sends cells raw, §15.23), cut to
 * Anton's limits, and a note when the buffer cap left failed cells out.
 */
export const postMortemPrompt = (cells: readonly FailedCell[], dropped = 0): PostMortemPrompt => {
  const omitted = dropped > 0 ? `\n\n(${dropped} more failed cell${dropped === 1 ? '' : 's'} from this turn not shown.)` : '';
  const user = [
    'The cells below all ran during one turn of an agent session.',
    '',
    '- For each cell you see its stated intent and what really happened.',
    '- Compare the two and find lessons that are general, specific and actionable; ignore cells that went fine.',
    '',
    'Cells:',
    '',
    cells.map(cellBlock).join('\n\n') + omitted,
    '',
    'Rules:',
    '- Report only real failures or divergences from the intent; if there are none, return an empty list.',
    '- Make lessons reusable, not tied to this session: "Check a CSV\'s delimiter before parsing it", not "sales.csv uses semicolons".',
    '- Prefer a few broad lessons to many narrow ones.',
    '- Never invent a lesson the cells do not support.',
    '- One sentence per lesson, ideally under 25 words.',
  ].join('\n');
  return { system: SYSTEM, user };
};
