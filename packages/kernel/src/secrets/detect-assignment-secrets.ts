import { matches } from './each-match.js';
import { isSpace, runEnd } from './hit-context.js';
import { isSecretName, isStrongSecretName } from './secret-name.js';
import type { SecretDetector, SecretSpan } from './secret-span.js';
import { looksRandom } from './looks-random.js';
import { isInertValue, isSmallNumber, looksLikeSecretValue } from './secret-value.js';

/**
 * `name = value` in every dress it comes in: `.env` lines (`DB_PASS=x`, `export SECRET_KEY=x`),
 * YAML (`password: x`), JSON (`"api_key": "x"`), query strings (`?token=x&`), code
 * (`password = "x"`). The name must be secret-ish (`isSecretName`); the value must look like a
 * secret for its context:
 * - a quoted literal under a strong name (password, secret, cookie, signing key) always does;
 *   under a weak one (`key`, `token`, `session`) it must look generated;
 * - a bare value in a `.env`-style pair (`=` with no spaces) does unless it is a code reference
 *   (`password=args.password`, `f(x)`);
 * - a bare value in code (`token = str(12345) + 'abc'`) is an expression, so only a value that
 *   looks generated counts;
 * - after a colon in prose (`the secret: use env vars`) the value must hold a non-letter or be long.
 */
const PAIR =
  /(["'`]?)([A-Za-z_$][A-Za-z0-9_.$-]*)\1([ \t]*)(:=|=>|=(?!=)|:(?!\/\/))([ \t]*)(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`([^`\n]*)`|([^\s"'`,;&<>)\]}]+))/y;
/** The words a secret-ish name contains (`isSecretName`); a pair is tried only at a name holding one. */
const KEYWORDS = ['pass', 'pwd', 'secret', 'token', 'credential', 'cred', 'key', 'cookie', 'signing', 'auth', 'sig', 'salt', 'pepper', 'jwt', 'bearer', 'pw_'];
const KEYWORD = new RegExp(KEYWORDS.join('|'), 'gi');
const IDENT = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.$-') IDENT[c.charCodeAt(0)] = 1;
const isIdent = (code: number): boolean => code < 128 && IDENT[code] === 1;
const QUOTES = `"'\``;

/** A bare value that is code, not data: a call, an index, an attribute or another variable. */
const isCodeReference = (value: string, name: string): boolean =>
  /[([{]/.test(value) || /^[A-Za-z_$][\w$]*\.[A-Za-z_$]/.test(value) || value === name || value.toLowerCase() === name.toLowerCase();
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * What PAIR needs after a name (a closing quote, blanks, then `:` or `=`), checked without the
 * regex: most keyword hits are words in prose or code (`for key, value`), and this rejects them
 * for a few character reads.
 */
const separatorFollows = (text: string, nameEnd: number): boolean => {
  let j = nameEnd;
  if (QUOTES.includes(text[j] ?? ' ')) j++;
  let c = text.charCodeAt(j);
  while (c === 32 || c === 9) c = text.charCodeAt(++j);
  return c === 58 || c === 61;
};

/** Characters a name may hold but not start with (PAIR's name starts with a letter, `_` or `$`). */
const NOT_FIRST = /[0-9.-]/;

/**
 * The name a keyword hit is part of, as [start, end): from where PAIR can start one, so a token
 * just before the name (`Bearer 9AAAA$password=x`, the bearer value glued to a shell variable)
 * does not hide the pair, and the verdict is the same once that token has become a marker.
 */
const nameAround = (text: string, hit: number): [number, number] => {
  let start = hit;
  while (start > 0 && isIdent(text.charCodeAt(start - 1))) start--;
  while (start < hit && NOT_FIRST.test(text[start] ?? '')) start++;
  let end = hit;
  while (end < text.length && isIdent(text.charCodeAt(end))) end++;
  return [start, end];
};

/**
 * The detector's own first two tests, without the regex: a pair needs `:` or `=` after the name
 * PAIR would read (the whole identifier around the hit) and a secret-ish name (`Author:`,
 * `max_tokens=` and `for key, value` fail here).
 */
const mayFireAt = (text: string, hit: number): boolean => {
  const [start, end] = nameAround(text, hit);
  return separatorFollows(text, end) && isSecretName(text.slice(start, end));
};

const isUrlUserChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 46 || c === 95;

/**
 * A name right after `scheme://` is a URL's user (`https://x-access-token:TOKEN@github.com/...`),
 * not a pair: the URL-credential detector takes the password, while a pair's bare value would run
 * to the next blank and take the host and path along.
 */
const isUrlUser = (text: string, start: number): boolean => {
  let i = start;
  while (i > 0 && isUrlUserChar(text.charCodeAt(i - 1))) i--;
  if (i < 3 || !text.startsWith('://', i - 3)) return false;
  // Only with the `@` that makes it user info (which the URL detector then reads): `https://token:X` alone stays a pair.
  const end = runEnd(text, start, (c) => c !== 64 && c !== 47 && !isSpace(c));
  return end !== -1 && text.charCodeAt(end) === 64;
};

const bareIsSecret = (name: string, value: string, sep: string, spaced: boolean): boolean => {
  if (isCodeReference(value, name)) return false;
  if (sep.startsWith(':') && sep !== ':=') return /[^A-Za-z]/.test(value) || value.length >= 12;
  if (spaced || sep !== '=') return looksRandom(value) || (!IDENTIFIER.test(value) && (isStrongSecretName(name) || looksLikeSecretValue(value)));
  return isStrongSecretName(name) || value.length >= 8 || /\d/.test(value);
};

const quotedIsSecret = (name: string, value: string): boolean => (isStrongSecretName(name) ? value.length >= 3 : looksLikeSecretValue(value));

/**
 * Anchored at keyword hits (`hits`: where a secret-ish word starts, from the prefilter; found
 * here when not given): each hit is widened to its whole name and a pair is matched from there,
 * so the cost follows the hits, not the length of the text.
 */
const detectAssignmentSecrets = (text: string, hits?: readonly number[]): SecretSpan[] => {
  const spans: SecretSpan[] = [];
  const pair = PAIR;
  let doneTo = -1;
  for (const hit of hits ?? matches(KEYWORD, text).map((m) => m.index)) {
    if (hit < doneTo) continue;
    const [start, nameEnd] = nameAround(text, hit);
    doneTo = nameEnd;
    if (!separatorFollows(text, nameEnd) || isUrlUser(text, start)) continue;
    const inQuotes = start > 0 && QUOTES.includes(text[start - 1] ?? '');
    pair.lastIndex = inQuotes ? start - 1 : start;
    let m = pair.exec(text);
    if (m === null && inQuotes) {
      pair.lastIndex = start;
      m = pair.exec(text);
    }
    if (m === null) continue;
    const [, , name = '', before = '', sep = '', after = '', dq, sq, bq, bare] = m;
    if (!isSecretName(name)) continue;
    const quoted = dq ?? sq ?? bq;
    const value = quoted ?? bare ?? '';
    if (isInertValue(value)) continue;
    if (!isStrongSecretName(name) && isSmallNumber(value)) continue;
    const secret = quoted === undefined ? bareIsSecret(name, value, sep, before !== '' || after !== '') : quotedIsSecret(name, value);
    if (!secret) continue;
    const end = m.index + m[0].length - (quoted === undefined ? 0 : 1);
    spans.push({ start: end - value.length, end, kind: 'secret' });
  }
  return spans;
};

export const assignmentDetector: SecretDetector = {
  name: 'assignment',
  keywords: KEYWORDS,
  scope: 'hits',
  detect: detectAssignmentSecrets,
  mayFireAt,
};
