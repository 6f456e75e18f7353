import { looksLikeEncodedText } from './looks-like-encoded-text.js';
import { shannonEntropy } from './shannon-entropy.js';
import type { SecretDetector, SecretSpan } from './secret-span.js';

/**
 * An AWS secret access key standing alone (a credentials CSV, `aws configure get` output): 40
 * base64 characters with no name next to it. Keys are random, so the shape must be too:
 * upper and lower case and a digit, high entropy, not hex (a git SHA is 40 hex digits), and not
 * base64 of readable text. Has no keyword: the prefilter reports its 40-character runs.
 */
const LENGTH = 40;
/** 1: a key character (base64); 2: a character that may border a token (`=`, `_`, `-`), so the run is not a bare key. */
const CLASS = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/+') CLASS[c.charCodeAt(0)] = 1;
for (const c of '=_-') CLASS[c.charCodeAt(0)] = 2;
const classOf = (code: number): number => (code < 128 ? (CLASS[code] ?? 0) : 0);
/** Entropy of 40 random base64 characters is about 5; 4.2 leaves room while rejecting words and paths. */
const MIN_ENTROPY = 4.2;

const hasMixedCaseAndDigit = (v: string): boolean => {
  let upper = false;
  let lower = false;
  let digit = false;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 65 && c <= 90) upper = true;
    else if (c >= 97 && c <= 122) lower = true;
    else if (c >= 48 && c <= 57) digit = true;
  }
  return upper && lower && digit;
};

const isKeyShaped = (v: string): boolean => hasMixedCaseAndDigit(v) && shannonEntropy(v) >= MIN_ENTROPY && !looksLikeEncodedText(v);

/** `runs`: where the tokens of exactly LENGTH key characters start (the prefilter's runs); found here when not given. */
const detectBareAwsSecret = (text: string, runs?: readonly number[]): SecretSpan[] => {
  const spans: SecretSpan[] = [];
  if (runs !== undefined) {
    for (const at of runs) if (at + LENGTH <= text.length && isKeyShaped(text.slice(at, at + LENGTH))) spans.push({ start: at, end: at + LENGTH, kind: 'aws-secret-key' });
    return spans;
  }
  // A character loop, not a regex: it runs on every text, so it must cost one look per character.
  let runStart = 0;
  let tainted = false;
  for (let i = 0; i <= text.length; i++) {
    const cls = i < text.length ? classOf(text.charCodeAt(i)) : 0;
    if (cls === 1) continue;
    if (cls === 2) {
      tainted = true;
      continue;
    }
    if (!tainted && i - runStart === LENGTH) {
      const v = text.slice(runStart, i);
      if (isKeyShaped(v)) spans.push({ start: runStart, end: i, kind: 'aws-secret-key' });
    }
    runStart = i + 1;
    tainted = false;
  }
  return spans;
};

/** The prefilter finds the 40-character runs in its one pass; this detector then checks their shape. */
export const bareAwsSecretDetector: SecretDetector = {
  name: 'bare-aws-secret',
  keywords: [],
  run: { chars: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/+', borders: '=_-', length: LENGTH },
  scope: 'hits',
  detect: detectBareAwsSecret,
};
