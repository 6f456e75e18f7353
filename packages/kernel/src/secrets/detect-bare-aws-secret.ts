import { looksLikeEncodedText } from './looks-like-encoded-text.js';
import { shannonEntropy } from './shannon-entropy.js';
import type { SecretDetector, SecretSpan } from './secret-span.js';

/**
 * An AWS secret access key standing alone (a credentials CSV, `aws configure get` output): 40
 * base64 characters with no name next to it. Keys are random, so the shape must be too:
 * upper and lower case and a digit, high entropy, not hex (a git SHA is 40 hex digits), and not
 * base64 of readable text. Has no keyword, so it scans the whole text with one regex.
 */
const BARE = /(?<![A-Za-z0-9/+=_-])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=_-])/g;
/** Entropy of 40 random base64 characters is about 5; 4.2 leaves room while rejecting words and paths. */
const MIN_ENTROPY = 4.2;

export const detectBareAwsSecret = (text: string): SecretSpan[] => {
  const spans: SecretSpan[] = [];
  for (const m of text.matchAll(BARE)) {
    const v = m[0];
    if (!/[A-Z]/.test(v) || !/[a-z]/.test(v) || !/\d/.test(v)) continue;
    if (shannonEntropy(v) < MIN_ENTROPY || looksLikeEncodedText(v)) continue;
    spans.push({ start: m.index, end: m.index + v.length, kind: 'aws-secret-key' });
  }
  return spans;
};

export const bareAwsSecretDetector: SecretDetector = { name: 'bare-aws-secret', keywords: [], scope: 'text', detect: detectBareAwsSecret };
