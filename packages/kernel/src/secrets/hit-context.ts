/**
 * Character tests for the detectors' `mayFireAt` proofs: a few reads around a keyword hit that
 * show no span of the detector can contain it. Every scan is bounded: past SCAN_LIMIT characters
 * a proof gives up and answers "may fire", which is always safe (the detector then runs).
 */
export const SCAN_LIMIT = 512;

/** Case-insensitive (ASCII) `word` at `at`; `word` is lower case. */
export const wordAt = (text: string, at: number, word: string): boolean => {
  if (at < 0 || at + word.length > text.length) return false;
  for (let i = 0; i < word.length; i++) {
    let c = text.charCodeAt(at + i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== word.charCodeAt(i)) return false;
  }
  return true;
};

export const isAsciiLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
export const isAsciiAlnum = (c: number): boolean => isAsciiLetter(c) || (c >= 48 && c <= 57);
export const isBlank = (c: number): boolean => c === 32 || c === 9;
/** A character no detector's value or user info crosses: ASCII blanks and line breaks (a subset of `\s`, so stopping here is never too early). */
export const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

/** Where the run of characters passing `test` from `at` ends, or -1 when it runs past SCAN_LIMIT. */
export const runEnd = (text: string, at: number, test: (c: number) => boolean): number => {
  const stop = Math.min(text.length, at + SCAN_LIMIT);
  let i = at;
  while (i < stop && test(text.charCodeAt(i))) i++;
  return i === stop && stop < text.length ? -1 : i;
};

/** After `at`: an optional quote, blanks, then one of `separators` (`"api_key" : ...`, `Cookie: ...`). */
export const separatorAt = (text: string, at: number, separators: string): boolean => {
  let i = at;
  const q = text.charCodeAt(i);
  if (q === 34 || q === 39) i++;
  const end = runEnd(text, i, isBlank);
  if (end === -1) return true;
  return end < text.length && separators.includes(text.charAt(end));
};

/**
 * `scheme://user:pw@host` needs an `@` after `://` (at `at`) before any blank or `/`: neither the
 * URL-credential detector nor secretlint's basic-auth and connection-string rules (which report
 * only a URL with a password) let user info cross one.
 */
export const mayHoldUserInfo = (text: string, at: number): boolean => {
  const end = runEnd(text, at + 3, (c) => c !== 64 && c !== 47 && !isSpace(c));
  return end === -1 || text.charCodeAt(end) === 64;
};
