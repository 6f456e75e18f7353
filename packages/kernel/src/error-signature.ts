/**
 * Error-signature normalisation (anton.md §2.4): collapses the parts of an error text that vary
 * between occurrences of the same failure (numbers, hex, quoted values, paths, spacing), so the
 * ACC can count "the same error" across tools and the cerebellum can key recovery recipes on it.
 *
 * The steps and their order are pinned by Anton, quirks included (single backslashes are not a
 * path, `https:` reads as a drive letter, apostrophes pair with quotes), so signatures computed
 * here match Anton's on the same text. Python's `re` is Unicode-aware, so the character classes
 * below spell out Python's notion of digit, word character and whitespace instead of JS's.
 */

/** Python `str.isspace()`: JS `\s` lacks U+001C-U+001F and U+0085 and adds U+FEFF. */
const PY_SPACE = String.raw`[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]`;
/** Python's Unicode `\w`: letters, numbers, underscore. */
const PY_WORD = String.raw`[\p{L}\p{N}_]`;

const LEADING_SPACE = new RegExp(`^${PY_SPACE}+`, 'u');
const HEX = /0x[0-9a-fA-F]+/g;
/** `\b\d+\b` with Python's Unicode word boundary and decimal digits. */
const WHOLE_NUMBER = new RegExp(String.raw`(?<!${PY_WORD})\p{Nd}+(?!${PY_WORD})`, 'gu');
/** Quoted runs of 1 to 80 non-quote characters; longer runs are left intact (they are content, not a value). */
const SINGLE_QUOTED = /'[^']{1,80}'/g;
const DOUBLE_QUOTED = /"[^"]{1,80}"/g;
/** Optional drive letter, then `/` or two literal backslashes, then anything up to a space or a quote. */
const PATH = new RegExp(String.raw`(?:[A-Za-z]:)?(?:/|\\\\)[^'"${PY_SPACE.slice(1, -1)}]+`, 'gu');
const SPACE_RUN = new RegExp(`${PY_SPACE}+`, 'gu');

/**
 * Step 0: a JSON envelope such as `{"ok": false, "message": "..."}` is signed by its message, so
 * two different envelopes do not collapse into one all-quoted signature. Only an object whose
 * `message` is a non-empty string counts; anything else keeps the original (unstripped) text.
 */
const unwrapEnvelope = (text: string): string => {
  if (!text.replace(LEADING_SPACE, '').startsWith('{')) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      const message = (parsed as Record<string, unknown>)['message'];
      if (typeof message === 'string' && message !== '') return message;
    }
  } catch {
    // Not JSON: sign the raw text, as Anton does.
  }
  return text;
};

/** The normalised signature of an error text (null and undefined read as empty). */
export const errorSignature = (text: string | null | undefined): string =>
  unwrapEnvelope(text ?? '')
    .replace(HEX, '0xN')
    .replace(WHOLE_NUMBER, 'N')
    .replace(SINGLE_QUOTED, "'X'")
    .replace(DOUBLE_QUOTED, '"X"')
    .replace(PATH, '/P')
    .replace(SPACE_RUN, ' ')
    .replace(/^ | $/g, '');
