import type { SubjectMatcher } from '@engram/kernel';

/**
 * At most this many characters and gaps of the subject go into the server's pattern: a prefix of
 * the pattern still finds every row the whole would (it only over-matches), and a subject of
 * thousands of characters would otherwise be a pattern the server calls too complex.
 */
export const MAX_PATTERN_UNITS = 64;

/** What the kernel matcher's `\s` (Unicode mode) takes for whitespace, each listed: no range, so no collation decides. */
const WHITESPACE = '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** Highest code point searched for case variants: the cased scripts all lie below it. */
const LAST_CASED_CODE_POINT = 0x1ffff;

/** Escapes a character for a bracket expression of PostgreSQL's advanced regular expressions. */
const inBracket = (c: string): string => (/[\\\][^-]/.test(c) ? `\\${c}` : c);
/** Escapes text for a PostgreSQL advanced regular expression, outside brackets. */
const literal = (s: string): string => s.replace(/[\\.*+?()[\]{}^$|]/g, '\\$&');

/** Every JSON escape of a whitespace character, as JSON.stringify writes them (\v has no short form). */
const ESCAPED_WHITESPACE = String.raw`\\[tnfr]|\\u000[bB]`;
/** A run of whitespace, raw (any Unicode space) or escaped in JSON text. */
const GAP = `(?:[${[...WHITESPACE].map(inBracket).join('')}]|${ESCAPED_WHITESPACE})+`;

let cased: readonly string[] | null = null;
/** Every character with a case mapping (found once, on first use): the only ones a case-insensitive match can swap. */
const casedCharacters = (): readonly string[] => {
  if (cased !== null) return cased;
  const out: string[] = [];
  for (let cp = 0; cp <= LAST_CASED_CODE_POINT; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    if (c.toLowerCase() !== c || c.toUpperCase() !== c) out.push(c);
  }
  return (cased = out);
};

const variantsOf = new Map<string, readonly string[]>();
/**
 * The characters the kernel's matcher (`iu` flags: Unicode simple case folding) takes for `c`:
 * besides its cases, `s` also matches `ſ` and `k` the Kelvin sign. Decided by that same regular
 * expression engine, so the server's pattern can never be narrower.
 */
const caseVariants = (c: string): readonly string[] => {
  const known = variantsOf.get(c);
  if (known !== undefined) return known;
  const same = new RegExp(`^${c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'iu');
  const found = [...new Set([c, ...casedCharacters().filter((x) => same.test(x))])];
  variantsOf.set(c, found);
  return found;
};

/**
 * The forms a character of the subject takes in stored text: itself or a case variant as written,
 * and, where JSON escapes it (a quote, a backslash, a control character), escaped as in the JSON
 * text of an event or a record. A NUL cannot be in a PostgreSQL text, so only its escape can.
 */
const characterPattern = (c: string): string => {
  const raw = caseVariants(c).filter((v) => v !== '\0' && !/^[\ud800-\udfff]$/.test(v));
  const escaped = caseVariants(c)
    .map((v) => JSON.stringify(v).slice(1, -1))
    .filter((e) => e.length > 1);
  const bracket = raw.length === 0 ? null : raw.length === 1 && escaped.length === 0 ? literal(raw[0]!) : `[${raw.map(inBracket).join('')}]`;
  if (escaped.length === 0) return bracket ?? '';
  // A \uXXXX escape's hex digits may be written in either case by another JSON writer.
  const escapes = escaped.map((e) => literal(e.slice(0, 2)) + (e.startsWith('\\u') ? e.slice(2).replace(/[a-f]/g, (h) => `[${h}${h.toUpperCase()}]`) : literal(e.slice(2))));
  return `(?:${[...(bracket === null ? [] : [bracket]), ...escapes].join('|')})`;
};

/**
 * A subject to forget as a PostgreSQL regular expression for `~` (case-sensitive: the case
 * variants are spelled out, so no server locale decides what matches): a coarse filter on the
 * server, so only candidate rows come back, which the kernel's matcher then decides on. It finds
 * every row whose text holds the subject as the matcher sees it, as written or inside JSON
 * strings (quotes, backslashes and control characters escaped, whitespace as `\n` and the like);
 * it may find more. Needs a UTF-8 database.
 */
export const subjectPattern = (matcher: SubjectMatcher): string => {
  const units: string[] = [];
  for (const [i, word] of matcher.subject.split(' ').entries()) {
    if (i > 0) units.push(GAP);
    for (const c of word) units.push(characterPattern(c));
  }
  return units.slice(0, MAX_PATTERN_UNITS).join('');
};
