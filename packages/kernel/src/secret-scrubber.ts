/**
 * The one secret scrubber: API keys, bearer tokens, passwords in URLs and `password=`-style
 * pairs become `[REDACTED:<kind>]` before anything is persisted or sent to a model (anton.md
 * §15.23: Anton stored memorize text, tool results and cell output verbatim).
 *
 * Pure and idempotent: a marker never matches any pattern, and `scrubSecrets` runs its passes
 * until nothing changes, so scrubbing scrubbed text is a no-op (a property test checks both).
 * It errs towards redacting: a false positive costs a word in a lesson, a miss leaks a key.
 */

export interface SecretPattern {
  /** Short kind name, shown in the marker. */
  readonly kind: string;
  readonly pattern: RegExp;
  /** Builds the replacement for one match; defaults to the bare marker. */
  readonly replace?: (match: string, ...groups: (string | undefined)[]) => string;
}

export const REDACTED_PREFIX = '[REDACTED:';
export const redacted = (kind: string): string => `${REDACTED_PREFIX}${kind}]`;

/** Passes before giving up on a fixed point; each pass only shrinks secrets to markers, so 2 suffice in practice. */
const MAX_PASSES = 4;

/** Key names whose value is a secret in `key=value`, `key: value` and JSON pairs. */
const SECRET_KEY = String.raw`[A-Za-z0-9_.-]*?(?:password|passwd|pwd|passphrase|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?)`;
/** Characters a bare (unquoted) secret value runs through. */
const BARE_VALUE = String.raw`[^\s"'&,;<>]+`;
/** Token characters (RFC 6750 b64token); a bearer token needs a digit or 24+ characters, so prose after "Bearer" stays. */
const TOKEN_CHARS = String.raw`[A-Za-z0-9._~+/-]`;
const TOKEN = String.raw`(?:(?=[A-Za-z._~+/-]*\d)${TOKEN_CHARS}{8,}|${TOKEN_CHARS}{24,})=*`;
/** Not a letter or digit: keeps `task-force-...` from reading as an `sk-` key. */
const START = String.raw`(?<![A-Za-z0-9])`;

const colonValueLooksSecret = (key: string, quoted: boolean, value: string): boolean => {
  if (quoted) return true;
  if (/pwd$/i.test(key)) return false; // `pwd: /home/x` is a shell's working directory
  return /[^A-Za-z]/.test(value) || value.length >= 12;
};

const pairReplace = (match: string, key = '', sep = '', dq?: string, sq?: string, bare?: string): string => {
  const quote = dq !== undefined ? '"' : sq !== undefined ? "'" : '';
  const value = dq ?? sq ?? bare ?? '';
  if (value === '' || value.startsWith(REDACTED_PREFIX)) return match;
  if (/tokens?["']?$/i.test(key) && /^\d{1,7}$/.test(value)) return match; // `max_token=1000`, "token: 4" are counts
  if (!sep.includes('=') && !colonValueLooksSecret(key, quote !== '', value)) return match;
  return `${key}${sep}${quote}${redacted('secret')}${quote}`;
};

/** Ordered: specific key formats first, then headers and URLs, then generic pairs. */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  { kind: 'private-key', pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g },
  { kind: 'anthropic-key', pattern: new RegExp(`${START}sk-ant-[A-Za-z0-9_-]{16,}`, 'g') },
  { kind: 'openai-key', pattern: new RegExp(`${START}sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}`, 'g') },
  { kind: 'stripe-key', pattern: new RegExp(`${START}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}`, 'g') },
  { kind: 'aws-access-key', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/g },
  { kind: 'github-token', pattern: new RegExp(`${START}(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,})`, 'g') },
  { kind: 'gitlab-token', pattern: new RegExp(`${START}glpat-[A-Za-z0-9_-]{20,}`, 'g') },
  { kind: 'slack-token', pattern: new RegExp(`${START}xox[abposre]-[A-Za-z0-9-]{10,}`, 'g') },
  {
    kind: 'slack-webhook',
    pattern: /(https:\/\/hooks\.slack\.com\/services\/)[A-Za-z0-9/_-]+/g,
    replace: (_m, prefix = '') => `${prefix}${redacted('slack-webhook')}`,
  },
  { kind: 'google-api-key', pattern: new RegExp(`${START}AIza[0-9A-Za-z_-]{35}`, 'g') },
  { kind: 'huggingface-token', pattern: new RegExp(`${START}hf_[A-Za-z0-9]{30,}`, 'g') },
  { kind: 'npm-token', pattern: new RegExp(`${START}npm_[A-Za-z0-9]{36}`, 'g') },
  { kind: 'jwt', pattern: new RegExp(`${START}eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}`, 'g') },
  {
    kind: 'bearer-token',
    pattern: new RegExp(`\\b(bearer)\\s+(?!\\[REDACTED:)${TOKEN}`, 'gi'),
    replace: (_m, scheme = '') => `${scheme} ${redacted('bearer-token')}`,
  },
  {
    kind: 'authorization',
    pattern: new RegExp(`\\b(authorization["']?\\s*[:=]\\s*["']?)(?:(basic|bearer|token|digest)\\s+)?(?!\\[REDACTED:|(?:basic|bearer|token|digest)\\b)(${BARE_VALUE})`, 'gi'),
    replace: (_m, prefix = '', scheme) => `${prefix}${scheme === undefined ? '' : `${scheme} `}${redacted('authorization')}`,
  },
  {
    kind: 'url-password',
    pattern: /\b([a-z][a-z0-9+.-]*:\/\/[^\s:@/]+:)(?!\[REDACTED:)([^\s@/]+)@/gi,
    replace: (_m, prefix = '') => `${prefix}${redacted('url-password')}@`,
  },
  {
    kind: 'secret',
    pattern: new RegExp(`${START}(${SECRET_KEY}["']?)(\\s*[=:]\\s*)(?:"([^"\\n]*)"|'([^'\\n]*)'|(${BARE_VALUE}))`, 'gi'),
    replace: pairReplace,
  },
  {
    kind: 'cli-secret',
    pattern: /(--(?:password|passwd|token|api-key|secret)\s+)(?![-[])(\S+)/gi,
    replace: (_m, flag = '') => `${flag}${redacted('secret')}`,
  },
];

const onePass = (text: string): string => {
  let out = text;
  for (const p of SECRET_PATTERNS) {
    const { replace } = p;
    out = replace === undefined ? out.replace(p.pattern, redacted(p.kind)) : out.replace(p.pattern, (m: string, ...rest: unknown[]) => replace(m, ...groupsOf(rest)));
  }
  return out;
};

/** `String.replace` passes groups, then offset, input (and named groups): keep the groups only. */
const groupsOf = (rest: readonly unknown[]): (string | undefined)[] => {
  const offsetAt = rest.findIndex((x) => typeof x === 'number');
  return rest.slice(0, offsetAt).map((g) => (typeof g === 'string' ? g : undefined));
};

/** Quick reject: text with none of these substrings holds nothing any pattern can match. */
const HINT = /sk-|sk_|rk_|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|gh[pousr]_|github_pat_|glpat-|xox|hooks\.slack|AIza|hf_|npm_|eyJ|bearer|authorization|:\/\/|pass|pwd|secret|token|key|credential|PRIVATE KEY/i;

/** Replaces every secret in `text` with a `[REDACTED:<kind>]` marker. Idempotent. */
export const scrubSecrets = (text: string): string => {
  if (!HINT.test(text)) return text;
  let current = text;
  for (let i = 0; i < MAX_PASSES; i++) {
    const next = onePass(current);
    if (next === current) return current;
    current = next;
  }
  return current;
};

/** True when `scrubSecrets` would change the text. */
export const containsSecret = (text: string): boolean => scrubSecrets(text) !== text;
