import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scrubSecrets } from './secret-scrubber.js';

const alnum = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
const word = (min: number, max: number) => fc.array(alnum, { minLength: min, maxLength: max }).map((cs) => cs.join(''));
const upper = fc.array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), { minLength: 16, maxLength: 16 }).map((cs) => cs.join(''));

/** Generated secrets of every kind the scrubber promises to remove. */
const secret = fc.oneof(
  word(20, 60).map((w) => `sk-ant-api03-${w}`),
  word(20, 60).map((w) => `sk-proj-${w}`),
  upper.map((w) => `AKIA${w}`),
  word(36, 40).map((w) => `ghp_${w}`),
  word(22, 40).map((w) => `github_pat_${w}`),
  word(10, 40).map((w) => `xoxb-${w}`),
  word(35, 35).map((w) => `AIza${w}`),
  word(30, 40).map((w) => `hf_${w}`),
  word(12, 40).map((w) => `Bearer 9${w}`),
  word(8, 30).map((w) => `password=${w}`),
  word(8, 30).map((w) => `https://user:${w}@example.com/`),
);

/** Text fragments that are close to the patterns, to probe idempotence where it is fragile. */
const fragment = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('password', 'token', 'api_key', 'secret', '=', ':', ': ', '"', "'", ' ', '\n', 'Bearer ', 'Authorization: ', '://', '@', '/', '[REDACTED:secret]', '--password ', 'sk-', 'ghp_'),
  secret,
);

/** Thousands of runs on a shared 2-core machine: room for load, not a speed target (that is `engram bench scrub`). */
const PROPERTY_TIMEOUT_MS = 60_000;

describe('scrubSecrets properties', () => {
  it('is idempotent on any text', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 12 }), (parts) => {
        const once = scrubSecrets(parts.join(''));
        expect(scrubSecrets(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        expect(scrubSecrets(scrubSecrets(s))).toBe(scrubSecrets(s));
      }),
    );
  }, PROPERTY_TIMEOUT_MS);

  it('removes every generated secret wherever it sits in prose', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), secret, fc.string({ maxLength: 40 }), (before, s, after) => {
        const value = s.replace(/^(password=|https:\/\/user:|Bearer )/, '').replace(/@example\.com\/$/, '');
        const out = scrubSecrets(`${before} ${s} ${after}`);
        expect(out).not.toContain(value);
        expect(out).toContain('[REDACTED:');
      }),
      { numRuns: 1000 },
    );
  }, PROPERTY_TIMEOUT_MS);
});
