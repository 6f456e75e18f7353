import { matches } from './each-match.js';
import { isAsciiAlnum, isAsciiLetter, isSpace, runEnd, SCAN_LIMIT } from './hit-context.js';
import { isMarkerAt } from './redaction-marker.js';
import { isSecretName } from './secret-name.js';
import type { SecretDetector, SecretSpan } from './secret-span.js';
import { isInertValue, isSmallNumber } from './secret-value.js';

/**
 * Secrets passed on a command line: long flags with a secret-ish name (`--password X`,
 * `--api-key=X`, `--client-secret X`; not `--password-stdin` or `--key-file`), user:password
 * pairs (`curl -u user:pw`, `--user user:pw`, `--proxy-user`), the MySQL family's glued
 * password (`mysql -u root -pS3cret`, where `-p` alone prompts), `docker login -p PW` and
 * `sshpass -p PW`.
 */
const LONG_FLAG = /(?<![\w-])--([A-Za-z][\w-]*)(=|[ \t]+)(["']?)([^\s"']+)\3/g;
const USER_PASSWORD = /(?<![\w-])(?:-u|-U|--user|--proxy-user|--basic-auth|--auth)(?:=|[ \t]*)(["']?)([^\s:"'@]*):([^\s"']+)\1/g;
const MYSQL_GLUED = /\b(?:mysql\w*|mariadb[\w-]*)\b[^\n|;&]*?(?<![\w-])-p(["']?)([^\s"']+)\1/g;
/** `docker login -p PW` (and the registry clients sharing its flags): `-p` is the password, not a port, after `login`. */
const REGISTRY_LOGIN = /\b(?:docker|podman|nerdctl|buildah|skopeo|oras|helm[ \t]+registry)[ \t]+login\b[^\n|;&]*?(?<![\w-])-p(?:=|[ \t]*)(["']?)([^\s"']+)\1/g;
const SSHPASS = /\bsshpass[ \t]+-p[ \t]*(["']?)([^\s"']+)\1/g;

const push = (spans: SecretSpan[], text: string, end: number, value: string, quote: string, kind: string): void => {
  const start = end - quote.length - value.length;
  if (isInertValue(value) || isMarkerAt(text, start)) return;
  spans.push({ start, end: start + value.length, kind });
};

const detectLongFlags = (text: string): SecretSpan[] => {
  const spans: SecretSpan[] = [];
  LONG_FLAG.lastIndex = 0;
  for (let m = LONG_FLAG.exec(text); m !== null; m = LONG_FLAG.exec(text)) {
    const [all, flag = '', , quote = '', value = ''] = m;
    // Resume after the flag's name: a rejected value may be the next flag (`--password --token X`).
    LONG_FLAG.lastIndex = m.index + 2 + flag.length;
    if (!isSecretName(flag) || value.startsWith('-')) continue;
    if (!/pass|pwd|secret/i.test(flag) && isSmallNumber(value)) continue;
    push(spans, text, m.index + all.length, value, quote, 'secret');
  }
  LONG_FLAG.lastIndex = 0;
  return spans;
};

const detectPasswordArguments = (text: string): SecretSpan[] => {
  const spans: SecretSpan[] = [];
  for (const m of matches(USER_PASSWORD, text)) push(spans, text, m.index + m[0].length, m[3] ?? '', m[1] ?? '', 'cli-password');
  for (const m of matches(MYSQL_GLUED, text)) push(spans, text, m.index + m[0].length, m[2] ?? '', m[1] ?? '', 'cli-password');
  for (const m of matches(REGISTRY_LOGIN, text)) push(spans, text, m.index + m[0].length, m[2] ?? '', m[1] ?? '', 'cli-password');
  for (const m of matches(SSHPASS, text)) push(spans, text, m.index + m[0].length, m[2] ?? '', m[1] ?? '', 'cli-password');
  return spans;
};

/** The text last searched for a flag, and the answer: every keyword hit of a call asks the same question. */
let seen: { text: string; found: boolean } = { text: '', found: false };

/**
 * LONG_FLAG needs a `--` that follows no word character or `-` and precedes a letter. Not tied
 * to the hit itself: a flag is secret-ish when its name is (`isSecretName`), and a name can be
 * secret-ish without holding a keyword of its own (`--pass_word`), so the proof is the text's.
 */
const mayHoldLongFlag = (text: string): boolean => {
  if (seen.text === text) return seen.found;
  let found = false;
  for (let i = text.indexOf('--'); i !== -1; i = text.indexOf('--', i + 1)) {
    const before = i === 0 ? 32 : text.charCodeAt(i - 1);
    if (!isAsciiAlnum(before) && before !== 95 && before !== 45 && isAsciiLetter(text.charCodeAt(i + 2))) {
      found = true;
      break;
    }
  }
  seen = { text, found };
  return found;
};

const notSpaceOrColon = (c: number): boolean => c !== 58 && !isSpace(c);
const isTab = (c: number): boolean => c === 32 || c === 9;

/**
 * USER_PASSWORD (`-u user:pw`, `--user=user:pw`) needs a `:` after the flag with at most one run
 * of blanks before it; MYSQL_GLUED and REGISTRY_LOGIN a `-p` later on the line.
 */
const mayHoldPasswordArgument = (text: string, at: number, keyword: string): boolean => {
  if (keyword === '-u' || keyword === '-auth') {
    let i = runEnd(text, at, notSpaceOrColon);
    if (i === -1) return true;
    if (text.charCodeAt(i) === 58) return true;
    i = runEnd(text, i, isTab);
    if (i === -1) return true;
    i = runEnd(text, i, notSpaceOrColon);
    return i === -1 || text.charCodeAt(i) === 58;
  }
  if (keyword === 'mysql' || keyword === 'mariad' || keyword === 'login') {
    const stop = Math.min(text.length, at + SCAN_LIMIT);
    for (let i = at; i < stop; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) return false;
      if (c === 45 && text.charCodeAt(i + 1) === 112) return true;
    }
    return stop < text.length;
  }
  return true;
};

/**
 * Two detectors, so each runs only where it can match. A long flag is a secret only when its name
 * is (`isSecretName`), so its keywords are the words of secret names, not `--`, which shell
 * output is full of (`-rw-r--r--`, `---` rules); the window must still hold a `--`.
 */
export const cliDetectors: readonly SecretDetector[] = [
  {
    name: 'cli-flags',
    keywords: ['key', 'pass', 'pw', 'auth', 'sig', 'salt', 'pepper', 'jwt', 'bearer', 'otp', 'pin', 'cred', 'secret', 'token', 'cookie'],
    requires: ['--'],
    scope: 'line',
    detect: detectLongFlags,
    mayFireAt: mayHoldLongFlag,
  },
  { name: 'cli-passwords', keywords: ['-u', '-auth', 'mysql', 'mariadb', 'login', 'sshpass'], scope: 'line', detect: detectPasswordArguments, mayFireAt: mayHoldPasswordArgument },
];
