import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scrubSecrets, scrubSecretsWithoutProofs } from './secret-scrubber.js';
import { findSecretSpans } from './secrets/find-secret-spans.js';
import { OWN_DETECTORS } from './secrets/secret-detectors.js';
import { secretlintDetectors } from './secrets/secretlint-rules.js';
import { LOOK_ALIKES, SECRET_SAMPLES } from './testing/secret-corpus.js';

/**
 * The fast path (detectors' proofs of silence, `mayFireAt`) must never change what the scrubber
 * finds: with and without the proofs the output is the same, so a proof that wrongly says "this
 * hit cannot fire" shows up here as a secret the reference caught and the fast path did not.
 */

const KEYWORDS = [...new Set([...OWN_DETECTORS, ...secretlintDetectors].flatMap((d) => d.keywords))];
/** Every keyword in three cases, since the prefilter is case-insensitive and the detectors' regexes differ. */
const CASED = KEYWORDS.flatMap((k) => [k, k.toUpperCase(), k.charAt(0).toUpperCase() + k.slice(1)]);
/** What detectors look for around a keyword: separators, quotes, flags, URL parts, verbs, markers. */
const GLUE = [
  '=', ':', ': ', ' = ', '=>', ':=', '"', "'", '`', ' ', '\t', '\n', '_', '-', '--', '-u ', '-p', ' is ', ' was ', 'my ', 'our ', '://', '@', '/', '.', ',',
  'x-', 'api-', 'X-Api-', 'access_', 'aws_', 'session-', 'PRIVATE KEY', '-----BEGIN ', '-----END ', '-----', 'Bearer ', 'Authorization: ', 'Set-Cookie: ',
  'https://', 'postgres://', 'mongodb://', 'mysql -u root ', 'curl -u ', '--password ', 'export ', '[REDACTED:secret]', 'T3BlbkFJ', 'github_pat_', 'sk-ant-api03-',
];
const alnum = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
const word = fc.array(alnum, { minLength: 1, maxLength: 44 }).map((cs) => cs.join(''));
const sample = fc.constantFrom(...SECRET_SAMPLES.map((s) => s.text), ...LOOK_ALIKES.map((l) => l.text));
/** Text built from the pieces detectors react to, so hits (and near misses) are the rule, not the exception. */
const soup = fc.array(fc.oneof(fc.constantFrom(...CASED), fc.constantFrom(...GLUE), word, fc.string({ maxLength: 6 }), sample), { maxLength: 24 }).map((parts) => parts.join(''));
const context = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 30 }), soup);

const same = (text: string): void => {
  expect(findSecretSpans(text)).toEqual(findSecretSpans(text, { proofs: false }));
  expect(scrubSecrets(text)).toBe(scrubSecretsWithoutProofs(text));
};

/** Thousands of runs on a shared 2-core machine: room for load, not a speed target (that is `engram bench scrub`). */
const PROPERTY_TIMEOUT_MS = 120_000;

describe('the scrubber fast path (proofs of silence)', () => {
  it('scrubs random strings exactly as the full path does', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), same), { numRuns: 1000 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), same), { numRuns: 500 });
  }, PROPERTY_TIMEOUT_MS);

  it('scrubs keyword soup (keywords, separators, flags, URLs, corpus texts) exactly as the full path does', () => {
    fc.assert(fc.property(soup, same), { numRuns: 4000 });
  }, PROPERTY_TIMEOUT_MS);

  it('scrubs every corpus secret and look-alike in random context exactly as the full path does', () => {
    for (const text of [...SECRET_SAMPLES.map((s) => s.text), ...LOOK_ALIKES.map((l) => l.text)]) {
      same(text);
      fc.assert(
        fc.property(context, context, fc.constantFrom('', ' ', '\n', '"', '='), (before, after, glue) => same(`${before}${glue}${text}${glue}${after}`)),
        { numRuns: 60 },
      );
    }
  }, PROPERTY_TIMEOUT_MS);

  it('still removes every corpus secret wherever it sits (the fast path never says clean over a secret)', () => {
    // No corpus texts around it: a look-alike may share characters with a sample's secret (one seeded generator).
    const plain = fc.oneof(fc.string({ maxLength: 60 }), fc.array(fc.oneof(fc.constantFrom(...CASED), fc.constantFrom(...GLUE), word), { maxLength: 12 }).map((p) => p.join('')));
    for (const s of SECRET_SAMPLES) {
      fc.assert(
        fc.property(plain, plain, (before, after) => {
          const out = scrubSecrets(`${before}\n${s.text}\n${after}`);
          for (const secret of s.secrets) expect(out).not.toContain(secret);
        }),
        { numRuns: 20 },
      );
    }
  }, PROPERTY_TIMEOUT_MS);

  it('leaves ordinary output alone without any detector firing', () => {
    for (const text of ['for key, value in settings.items():\n    print(key, value)\n', 'commit 9bd6ebe\nAuthor: Ada <ada@example.com>\n', 'client.messages.create(max_tokens=4096)']) {
      expect(findSecretSpans(text)).toEqual([]);
      expect(scrubSecrets(text)).toBe(text);
    }
  });
});
