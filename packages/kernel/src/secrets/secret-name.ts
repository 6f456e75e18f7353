/**
 * Which names (env keys, JSON fields, flags, headers) hold secrets. A name is split into words at
 * `_`, `-`, `.` and camelCase humps; it is secret-ish when a word is one of WORDS or the name
 * contains one of INFIXES (`PGPASSWORD`, `dbpassword`), unless its last word says it holds
 * something about the secret rather than the secret (`password_hint`, `TOKEN_URL`, `key_file`)
 * or its first word makes it a setting (`max_tokens`).
 */
const INFIXES = ['password', 'passwd', 'passphrase', 'passcode', 'secret', 'token', 'credential', 'apikey', 'privatekey', 'cookie', 'signing', 'pwd'];
/** Not `session`: a session id names a session (`provenance: session:20261124_...`); session secrets carry `cookie`, `token` or `secret`. */
const WORDS = new Set(['key', 'pass', 'pw', 'auth', 'sig', 'salt', 'pepper', 'jwt', 'bearer', 'otp', 'pin', 'cred', 'creds']);
/** Last words that make the name about a secret, not the secret: its hint, length, location, kind, or a public id. */
const ABOUT = new Set([
  'hint', 'length', 'len', 'min', 'max', 'count', 'limit', 'size', 'file', 'path', 'dir', 'url', 'uri', 'endpoint', 'host', 'port',
  'user', 'username', 'name', 'type', 'kind', 'field', 'fields', 'prefix', 'policy', 'enabled', 'required', 'method', 'provider',
  'expiry', 'expires', 'expiration', 'ttl', 'timeout', 'format', 'version', 'algorithm', 'alg', 'scheme', 'level', 'mode', 'env', 'var',
  'header', 'id', 'ids', 'regex', 'pattern', 'rotation', 'store', 'manager', 'stdin', 'command', 'cmd', 'reset', 'changed', 'strength',
  'usage', 'used', 'budget', 'estimate', 'counter', 'index', 'idx', 'list', 'map', 'column', 'label', 'text', 'prompt', 'label', 'error',
  'exists', 'set', 'valid', 'invalid', 'required', 'source', 'bytes', 'bits', 'rounds', 'iterations', 'cost', 'per', 'rate',
]);
/** First words that make the name a setting or a count (`max_tokens`, `num_keys`). */
const SETTING = new Set(['max', 'min', 'num', 'n', 'total', 'count', 'is', 'has', 'use', 'enable', 'disable', 'show', 'allow', 'need', 'needs', 'sort', 'primary', 'foreign', 'partition', 'cache', 'dict', 'hot', 'keyboard']);
/** Whole names that look secret-ish and never are: Python's `tokenize`, a tokenizer, keyboard keys. */
const NEVER = new Set(['tokenizer', 'tokenize', 'tokens', 'keys', 'passes', 'keyword', 'keywords', 'keypress', 'keydown', 'keyup', 'passthrough', 'bypass', 'compass', 'sessions']);

const wordsOf = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');

/** Names judged so far: output repeats its names (`key`, `Author`, `max_tokens`) and splitting one into words allocates. */
const judged = new Map<string, boolean>();
/** Names remembered at most; the memo starts over when full, so hostile input cannot grow it. */
const MEMO_LIMIT = 4096;
/** Longer names are judged afresh: real names are short, and a memo of long ones would hold megabytes. */
const MEMO_NAME_CHARS = 64;

export const isSecretName = (name: string): boolean => {
  if (name.length > MEMO_NAME_CHARS) return judgeName(name);
  let verdict = judged.get(name);
  if (verdict === undefined) {
    if (judged.size >= MEMO_LIMIT) judged.clear();
    verdict = judgeName(name);
    judged.set(name, verdict);
  }
  return verdict;
};

const judgeName = (name: string): boolean => {
  const lower = name.toLowerCase();
  if (NEVER.has(lower)) return false;
  const words = wordsOf(name);
  const first = words[0];
  const last = words[words.length - 1];
  if (first === undefined || last === undefined) return false;
  if (SETTING.has(first) || (words.length > 1 && ABOUT.has(last))) return false;
  if (words.some((w) => WORDS.has(w))) return true;
  const squashed = words.join('');
  return INFIXES.some((i) => squashed.includes(i));
};

/** Names whose every literal value is a secret (a password); the rest (`key`, `token`, `session`) need a value that looks generated. */
export const isStrongSecretName = (name: string): boolean => /pass|pwd|secret|credential|private|signing|cookie/i.test(name);
