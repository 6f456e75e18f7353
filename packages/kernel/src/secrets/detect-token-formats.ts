import { matches } from './each-match.js';
import { isAsciiAlnum, wordAt } from './hit-context.js';
import type { SecretDetector, SecretSpan } from './secret-span.js';

/** Not a letter or digit: keeps `task-force-...` from reading as an `sk-` key. */
const START = String.raw`(?<![A-Za-z0-9])`;

interface TokenFormat {
  readonly kind: string;
  readonly pattern: RegExp;
  /** The capture group that is the secret (0: the whole match). */
  readonly group?: number;
}

/**
 * Characters after `ghp_`/`gho_`/`ghu_`/`ghs_`/`ghr_` that make a GitHub token. GitHub's tokens
 * carry 36 (30 random, a 6-character checksum); 20 also takes a token cut short (a summary or a
 * log line cut mid-token), and no word runs 20 letters and digits after such a prefix.
 */
const GITHUB_TOKEN_MIN = 20;

/**
 * Vendor token shapes that the secretlint preset does not cover or covers only in files
 * (Google API keys, JWTs, Slack webhooks, generic `sk-` keys, AWS key ids), plus the shapes
 * engram already promised to redact under these kind names, kept so markers stay stable.
 */
const FORMATS: readonly TokenFormat[] = [
  { kind: 'anthropic-key', pattern: new RegExp(`${START}sk-ant-[A-Za-z0-9_-]{16,}`, 'g') },
  { kind: 'openai-key', pattern: new RegExp(`${START}sk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}`, 'g') },
  { kind: 'stripe-key', pattern: new RegExp(`${START}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}`, 'g') },
  { kind: 'aws-access-key', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|A3T[A-Z0-9])[A-Z0-9]{16}\b/g },
  { kind: 'github-token', pattern: new RegExp(`${START}(?:gh[pousr]_[A-Za-z0-9]{${GITHUB_TOKEN_MIN},}|github_pat_[A-Za-z0-9_]{20,})`, 'g') },
  { kind: 'gitlab-token', pattern: new RegExp(`${START}glpat-[A-Za-z0-9_-]{20,}`, 'g') },
  { kind: 'slack-token', pattern: new RegExp(`${START}xox[abposre]-[A-Za-z0-9-]{10,}`, 'g') },
  { kind: 'slack-webhook', pattern: /https:\/\/hooks\.slack\.com\/services\/([A-Za-z0-9/_-]+)/g, group: 1 },
  { kind: 'google-api-key', pattern: new RegExp(`${START}AIza[0-9A-Za-z_-]{35}`, 'g') },
  { kind: 'huggingface-token', pattern: new RegExp(`${START}hf_[A-Za-z0-9]{30,}`, 'g') },
  { kind: 'npm-token', pattern: new RegExp(`${START}npm_[A-Za-z0-9]{36}`, 'g') },
  // secretlint's SendGrid rule allows one `-` or `_` in the second part; real keys (gitleaks: `SG.` and 66 of [\w.=-]) have more.
  { kind: 'sendgrid', pattern: new RegExp(`${START}SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])`, 'g') },
  // gitleaks twilio-api-key: an API key SID is `SK` and 32 hex digits (case-sensitive `SK`, as gitleaks).
  { kind: 'twilio-key', pattern: new RegExp(`${START}SK[0-9a-fA-F]{32}(?![A-Za-z0-9])`, 'g') },
  // gitleaks pypi-upload-token: a macaroon whose base64 starts with the encoded `pypi.org` header.
  { kind: 'pypi-token', pattern: new RegExp(`${START}pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}`, 'g') },
  { kind: 'discord-webhook', pattern: /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/([A-Za-z0-9_-]{20,})/g, group: 1 },
  { kind: 'jwt', pattern: new RegExp(`${START}eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}`, 'g') },
];

const detectTokenFormats = (text: string): SecretSpan[] => {
  const spans: SecretSpan[] = [];
  for (const f of FORMATS) {
    for (const m of matches(f.pattern, text)) {
      const value = m[f.group ?? 0] ?? '';
      const start = m.index + m[0].length - value.length;
      spans.push({ start, end: start + value.length, kind: f.kind });
    }
  }
  return spans;
};

const KEYWORDS = ['sk-', 'sk_', 'rk_', 'akia', 'asia', 'abia', 'acca', 'agpa', 'aida', 'aroa', 'anpa', 'anva', 'aipa', 'a3t', 'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_', 'glpat-', 'xox', 'hooks.slack.com', 'aiza', 'hf_', 'npm_', 'eyj', 'sg.', 'sk', 'pypi-ageichlwas5vcmc', 'discord'];

/**
 * Every format starts with one of KEYWORDS after no letter or digit (`START`, `\b`, or the `//`
 * of the webhook URL), so a hit is disproved by a letter before it (`task-`, `disk-`) or by a
 * cut keyword whose whole form is not there (`github.com` is not `github_pat_`).
 */
const mayBeTokenFormat = (text: string, at: number, keyword: string): boolean =>
  (at === 0 || !isAsciiAlnum(text.charCodeAt(at - 1))) && (keyword === 'sk' ? mayBeTwilioKey(text, at) : KEYWORDS.some((k) => k.startsWith(keyword) && wordAt(text, at, k)));

/** How many hex digits follow `SK` in a Twilio key SID. */
const TWILIO_HEX = 32;

/**
 * `sk` starts many words (`skip`, `sketch`), so its hit is proved by the shape itself: upper-case
 * `SK` then 32 hex digits. The longer `sk-`/`sk_` keywords are separate hits with their own proof.
 */
const mayBeTwilioKey = (text: string, at: number): boolean => {
  if (text.charCodeAt(at) !== 83 || text.charCodeAt(at + 1) !== 75) return false;
  for (let i = at + 2; i < at + 2 + TWILIO_HEX; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102))) return false;
  }
  return true;
};

export const tokenFormatDetector: SecretDetector = {
  name: 'token-formats',
  keywords: KEYWORDS,
  scope: 'line',
  detect: detectTokenFormats,
  mayFireAt: mayBeTokenFormat,
};
