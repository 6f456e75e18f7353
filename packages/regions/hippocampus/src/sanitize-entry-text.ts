import { LINE_BREAK } from './split-lines.js';

const COMMENT_OPEN = '<!--';
const COMMENT_CLOSE = '-->';

/**
 * Makes text safe to store as one entry line: it can neither start a new entry (every line break
 * becomes a space, as Anton does: lines trimmed, joined with single spaces) nor open or close a
 * metadata comment. Anton replaced `<!--` and `-->` once, so `<!---` survived as a live opener
 * (anton.md §6.2); here the replacement runs to a fixed point, which makes the function
 * idempotent and leaves no comment marker at all.
 */
export const sanitizeEntryText = (text: string): string => {
  let s = text
    .split(LINE_BREAK)
    .map((line) => line.trim())
    .join(' ')
    .trim();
  while (s.includes(COMMENT_OPEN) || s.includes(COMMENT_CLOSE)) s = s.replaceAll(COMMENT_OPEN, '<!-').replaceAll(COMMENT_CLOSE, '->');
  return s;
};
