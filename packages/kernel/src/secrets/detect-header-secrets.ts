import { matches } from './each-match.js';
import { isAsciiAlnum, isBlank, runEnd, separatorAt, wordAt } from './hit-context.js';
import { isMarkerAt } from './redaction-marker.js';
import type { SecretDetector, SecretSpan } from './secret-span.js';
import { looksRandom } from './looks-random.js';
import { isInertValue } from './secret-value.js';

/**
 * Credentials in HTTP headers, wherever they are quoted (a curl `-H`, a log line, a dict):
 * `Authorization` / `Proxy-Authorization` values (after their scheme), `Bearer` tokens in prose,
 * API-key headers (`X-Api-Key`, `X-Auth-Token`), and `Cookie` / `Set-Cookie` values (a cookie
 * header is all session state, so its whole value goes).
 */
const SCHEME = String.raw`(?:basic|bearer|token|digest|negotiate|ntlm|hoba|mutual|aws4-hmac-sha256)`;
const SCHEME_ONLY = new RegExp(`^${SCHEME}$`, 'i');
const AUTHORIZATION = new RegExp(String.raw`\b((?:proxy-)?authorization["']?[ \t]*[:=][ \t]*["']?)(?:(${SCHEME})[ \t]+)?([^\s"'&,;<>]+)`, 'gi');
const API_KEY_HEADER = /\b((?:x-[a-z0-9-]*?(?:key|token|secret|auth|signature)[a-z0-9-]*|api-?key|auth-?token|access-?token|api-?token|session-?token)["']?[ \t]*:[ \t]*["']?)([^\s"',;<>]+)/gi;
/** Token characters (RFC 6750 b64token); a bearer token needs a digit or 24+ characters, so prose after "Bearer" stays. */
const BEARER = /\b(bearer[ \t]+)((?=[A-Za-z._~+/-]*\d)[A-Za-z0-9._~+/-]{8,}=*|[A-Za-z0-9._~+/-]{24,}=*)/gi;
const COOKIE = /\b((?:set-)?cookie["']?[ \t]*:[ \t]*["']?)([^\n"']*=[^\n"']*)/gi;

/** Shortest header value taken for a credential: shorter ones are code around it (`"Authorization": f"Bearer {t}"`). */
const MIN_VALUE_CHARS = 6;

const push = (spans: SecretSpan[], text: string, start: number, value: string, kind: string): void => {
  if (value.length < MIN_VALUE_CHARS || isMarkerAt(text, start) || isInertValue(value) || /^[{$%]/.test(value)) return;
  // Code that reads the credential (`os.environ["KEY"]`, `config.api_key`), unless the value itself looks generated.
  if ((/[([{]/.test(value) || /^[A-Za-z_$][\w$]*\.[A-Za-z_$]/.test(value)) && !looksRandom(value)) return;
  spans.push({ start, end: start + value.length, kind });
};

const detectBearer = (text: string): SecretSpan[] => {
  const spans: SecretSpan[] = [];
  for (const m of matches(BEARER, text)) push(spans, text, m.index + (m[1]?.length ?? 0), m[2] ?? '', 'bearer-token');
  return spans;
};

const detectAuthorization = (text: string): SecretSpan[] => {
  const spans: SecretSpan[] = [];
  for (const m of matches(AUTHORIZATION, text)) {
    const value = m[3] ?? '';
    if (m[2] === undefined && SCHEME_ONLY.test(value)) continue; // "Authorization: Bearer" with the token elsewhere
    push(spans, text, m.index + m[0].length - value.length, value, 'authorization');
  }
  return spans;
};

/**
 * A "header" right after `://` is a URL's user (`https://x-access-token:TOKEN@github.com/...`):
 * the URL-credential detector takes its password, and reading it as a header would take the
 * host and path along (the value runs to the next blank).
 */
const isUrlUser = (text: string, at: number): boolean => at >= 3 && text.startsWith('://', at - 3);

const detectApiKeyHeader = (text: string): SecretSpan[] => {
  const spans: SecretSpan[] = [];
  for (const m of matches(API_KEY_HEADER, text)) if (!isUrlUser(text, m.index)) push(spans, text, m.index + (m[1]?.length ?? 0), m[2] ?? '', 'api-key-header');
  return spans;
};

const detectCookie = (text: string): SecretSpan[] => {
  const spans: SecretSpan[] = [];
  for (const m of matches(COOKIE, text)) {
    const value = (m[2] ?? '').trimEnd();
    push(spans, text, m.index + (m[1]?.length ?? 0), value, 'cookie');
  }
  return spans;
};

/** `Bearer` then a blank (BEARER). */
const mayBeBearer = (text: string, at: number): boolean => isBlank(text.charCodeAt(at + 'bearer'.length));

/** The whole word `authorization` (the prefilter sees its first letters), a quote, blanks, `:` or `=` (AUTHORIZATION). */
const mayBeAuthorization = (text: string, at: number): boolean => wordAt(text, at, 'authorization') && separatorAt(text, at + 'authorization'.length, ':=');

const mayBeCookie = (text: string, at: number): boolean => separatorAt(text, at + 'cookie'.length, ':');

const isHeaderChar = (c: number): boolean => isAsciiAlnum(c) || c === 45;
/** What may come just before `key` or `token` in API_KEY_HEADER's fixed names (`api-key`, `auth-token`, `access-token`, `session-token`). */
const FIXED_NAME_HEAD = /(?:api|auth|access|session)-?$/;
/** How far back a header name is read; a longer run of name characters is given the benefit of the doubt. */
const MAX_NAME_CHARS = 256;

/**
 * API_KEY_HEADER's name is a run of letters, digits and `-` that ends in a quote, blanks and `:`;
 * it holds its keyword after an `x-` (`X-Api-Key`) or as one of a few fixed names. `Author:` and
 * `key, value` fail.
 */
const mayBeApiKeyHeader = (text: string, at: number, keyword: string): boolean => {
  const end = runEnd(text, at, isHeaderChar);
  if (end === -1) return true;
  if (!separatorAt(text, end, ':')) return false;
  let start = at;
  while (start > 0 && at - start < MAX_NAME_CHARS && isHeaderChar(text.charCodeAt(start - 1))) start--;
  const head = text.slice(start, at).toLowerCase();
  if (head.includes('x-') || at - start >= MAX_NAME_CHARS) return true;
  if (keyword === 'key' || keyword === 'token') return FIXED_NAME_HEAD.test(head);
  return keyword === 'auth' && (wordAt(text, at + 4, 'token') || wordAt(text, at + 4, '-token'));
};

/** A header's name, then a separator or a blank: a window with none of these holds no header. */
const REQUIRES = [':', '=', ' '];

/** One detector per header family, so each runs only on the lines holding its own keywords (a log full of `key` runs no cookie regex). */
export const headerDetectors: readonly SecretDetector[] = [
  { name: 'header-bearer', keywords: ['bearer'], requires: REQUIRES, scope: 'line', detect: detectBearer, mayFireAt: mayBeBearer },
  { name: 'header-authorization', keywords: ['authorization'], requires: REQUIRES, scope: 'line', detect: detectAuthorization, mayFireAt: mayBeAuthorization },
  { name: 'header-api-key', keywords: ['key', 'token', 'secret', 'auth', 'signature'], requires: REQUIRES, scope: 'line', detect: detectApiKeyHeader, mayFireAt: mayBeApiKeyHeader },
  { name: 'header-cookie', keywords: ['cookie'], requires: REQUIRES, scope: 'line', detect: detectCookie, mayFireAt: mayBeCookie },
];
