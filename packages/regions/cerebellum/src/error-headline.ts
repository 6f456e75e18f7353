/** Longest headline kept: a one-line error plus its key values, never a whole dump. */
const MAX_HEADLINE_CHARS = 300;

/** A line naming an exception: Python's `ValueError: ...`, Node's `Error: ...`, `TypeError [ERR_X]: ...`. */
const EXCEPTION_LINE = /^(?:[A-Za-z_][\w.]*\.)?[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Warning)\b/;

/**
 * The line of an error text that says what went wrong: the last exception line (a Python
 * traceback ends with it; with chained exceptions the last is the one raised), else the first
 * non-empty line. Classifying and signing the headline, not the whole traceback, keeps words in
 * quoted source lines (`timeout=5`) from deciding the class, and gives the same failure at
 * different stack depths one signature.
 */
export const errorHeadline = (text: string): string => {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  let headline = lines[0] ?? '';
  for (const line of lines) if (EXCEPTION_LINE.test(line)) headline = line;
  return headline.length > MAX_HEADLINE_CHARS ? headline.slice(0, MAX_HEADLINE_CHARS) : headline;
};
