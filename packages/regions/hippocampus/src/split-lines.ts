/** One line of a file: its content and the line break that ended it ("" for an unterminated last line). */
export interface SourceLine {
  readonly text: string;
  readonly eol: string;
}

/**
 * Python's `str.splitlines` breaks (Anton reads files with it), so a file splits into the same
 * lines for both; `\r\n` counts as one break.
 */
// eslint-disable-next-line no-control-regex -- Python's splitlines also breaks on the file, group and record separators
export const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/g;

/**
 * Splits text into lines, keeping each line break so that joining `text + eol` gives the input
 * back byte for byte (hand edits, CRLF files and a missing final newline survive a rewrite).
 */
export const splitLines = (text: string): SourceLine[] => {
  const lines: SourceLine[] = [];
  let start = 0;
  for (const m of text.matchAll(LINE_BREAK)) {
    lines.push({ text: text.slice(start, m.index), eol: m[0] });
    start = m.index + m[0].length;
  }
  if (start < text.length) lines.push({ text: text.slice(start), eol: '' });
  return lines;
};
