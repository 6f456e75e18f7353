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
 * Vendor token shapes that the secretlint preset does not cover or covers only in files
 * (Google API keys, JWTs, Slack webhooks, generic `sk-` keys, AWS key ids), plus the shapes
 * engram already promised to redact under these kind names, kept so markers stay stable.
 */
const FORMATS: readonly TokenFormat[] = [
  { kind: 'anthropic-key', pattern: new RegExp(`${START}sk-ant-[A-Za-z0-9_-]{16,}`, 'g') },
  { kind: 'openai-key', pattern: new RegExp(`${START}sk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}`, 'g') },
  { kind: 'stripe-key', pattern: new RegExp(`${START}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}`, 'g') },
  { kind: 'aws-access-key', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|A3T[A-Z0-9])[A-Z0-9]{16}\b/g },
  { kind: 'github-token', pattern: new RegExp(`${START}(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,})`, 'g') },
  { kind: 'gitlab-token', pattern: new RegExp(`${START}glpat-[A-Za-z0-9_-]{20,}`, 'g') },
  { kind: 'slack-token', pattern: new RegExp(`${START}xox[abposre]-[A-Za-z0-9-]{10,}`, 'g') },
  { kind: 'slack-webhook', pattern: /https:\/\/hooks\.slack\.com\/services\/([A-Za-z0-9/_-]+)/g, group: 1 },
  { kind: 'google-api-key', pattern: new RegExp(`${START}AIza[0-9A-Za-z_-]{35}`, 'g') },
  { kind: 'huggingface-token', pattern: new RegExp(`${START}hf_[A-Za-z0-9]{30,}`, 'g') },
  { kind: 'npm-token', pattern: new RegExp(`${START}npm_[A-Za-z0-9]{36}`, 'g') },
  { kind: 'jwt', pattern: new RegExp(`${START}eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}`, 'g') },
];

export const detectTokenFormats = (text: string): SecretSpan[] => {
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

const KEYWORDS = ['sk-', 'sk_', 'rk_', 'akia', 'asia', 'abia', 'acca', 'agpa', 'aida', 'aroa', 'anpa', 'anva', 'aipa', 'a3t', 'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_', 'glpat-', 'xox', 'hooks.slack.com', 'aiza', 'hf_', 'npm_', 'eyj'];

/**
 * Every format starts with one of KEYWORDS after no letter or digit (`START`, `\b`, or the `//`
 * of the webhook URL), so a hit is disproved by a letter before it (`task-`, `disk-`) or by a
 * cut keyword whose whole form is not there (`github.com` is not `github_pat_`).
 */
const mayBeTokenFormat = (text: string, at: number, keyword: string): boolean =>
  (at === 0 || !isAsciiAlnum(text.charCodeAt(at - 1))) && KEYWORDS.some((k) => k.startsWith(keyword) && wordAt(text, at, k));

export const tokenFormatDetector: SecretDetector = {
  name: 'token-formats',
  keywords: KEYWORDS,
  scope: 'line',
  detect: detectTokenFormats,
  mayFireAt: mayBeTokenFormat,
};
