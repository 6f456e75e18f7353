/**
 * Tokens shorter than this are dropped: "a", "to", "of", "is", "in", "on", "it" carry no topic,
 * and letting them match would make every text relevant to every query. The price is that
 * two-letter names ("fs", "io", "os") do not match on their own; their longer neighbours do.
 */
export const BM25_MIN_TOKEN_CHARS = 3;

/**
 * Function words of three letters or more that say nothing about what a text is about. Without
 * them a turn that says "when" or "with" would make every rule that says it relevant: BM25's IDF
 * only shrinks a common word's weight, it never zeroes it. Kept short on purpose: a word like
 * "error" or "file" is common but does carry topic, so it stays and IDF weighs it.
 */
export const BM25_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'the and for are but not nor yet you your yours all any can could had has have having her his him she they them their ' +
    'theirs our ours was were been being its this that these those from with without into onto than then there here ' +
    'what which who whom whose when where why how will would shall should may might must does did doing done also just ' +
    'about above after again against before below between both each few more most other some such only own same very ' +
    'because while until over under once too off out per via always never'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}_]+/gu;
/** Boundaries inside one word: lower→Upper (readFile), Upper→Upper+lower (XMLParser), letter↔digit (utf8). */
const PART_BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;

/** Only words with an underscore, a capital or a letter-digit seam have parts; the rest skip the costly split. */
const COMPOUND = /[_\p{Lu}]|\p{L}\p{N}|\p{N}\p{L}/u;

const keep = (t: string): boolean => t.length >= BM25_MIN_TOKEN_CHARS && !BM25_STOP_WORDS.has(t);

/**
 * The terms BM25 counts in a text, in order: each run of letters, digits and underscores is one
 * word, lower-cased and kept whole (`read_file`, `readfile`), and, when it is a compound, each of
 * its snake_case / camelCase / letter-digit parts is counted as well (`read`, `file`), so the
 * identifier matches exactly and its parts match prose. Short tokens and stop words are dropped.
 */
export const bm25Tokens = (text: string): string[] => {
  const out: string[] = [];
  for (const raw of text.match(WORD) ?? []) {
    if (!COMPOUND.test(raw)) {
      const word = raw.toLowerCase();
      if (keep(word)) out.push(word);
      continue;
    }
    const whole = raw.replace(/^_+|_+$/g, '').toLowerCase();
    if (keep(whole)) out.push(whole);
    const parts = raw.split('_').flatMap((p) => p.split(PART_BOUNDARY));
    if (parts.filter((p) => p !== '').length < 2) continue;
    for (const p of parts) {
      const part = p.toLowerCase();
      if (part !== whole && keep(part)) out.push(part);
    }
  }
  return out;
};
