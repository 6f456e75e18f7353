import { findSecretSpans } from './secrets/find-secret-spans.js';
import { redacted } from './secrets/redaction-marker.js';

export { REDACTED_PREFIX, redacted } from './secrets/redaction-marker.js';
export type { SecretSpan } from './secrets/secret-span.js';

/**
 * The one secret scrubber: API keys, tokens, passwords, private keys and cookies become
 * `[REDACTED:<kind>]` before anything is persisted or shown (anton.md §15.23: Anton stored
 * memorize text, tool results and cell output verbatim). It scrubs what is stored and shown,
 * never what runs: a cell's code is executed as written and only its recorded copy is scrubbed.
 *
 * Rules: secretlint's recommended preset (vendor key formats, maintained upstream) plus engram's
 * own entropy-checked detectors for what a ruleset of formats cannot know (`.env` pairs with any
 * secret-ish name, URL credentials, headers, CLI flags, "my password is ...", PEM/PGP blocks, a
 * bare AWS secret key). See docs/adr/0007-secret-scrubber.md.
 *
 * Synchronous, pure and idempotent: a marker never matches any detector, so scrubbing scrubbed
 * text is a no-op (a property test checks it). It errs towards redacting: a false positive costs
 * a word in a lesson, a miss leaks a key.
 */
export const scrubSecrets = (text: string): string => {
  let current = text;
  for (let i = 0; i < MAX_PASSES; i++) {
    const next = onePass(current);
    if (next === current) return current;
    current = next;
  }
  return current;
};

/**
 * Passes before giving up on a fixed point. A pass can expose a secret that was glued to the
 * one it redacted (`AIza...sk-proj-...`: the second key starts after a letter, so it only reads
 * as a key once the first is a marker); each pass only shrinks secrets to markers, so 2 suffice
 * in practice.
 */
const MAX_PASSES = 4;

const onePass = (text: string): string => {
  if (text.length === 0) return text;
  const spans = findSecretSpans(text);
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += text.slice(at, s.start) + redacted(s.kind);
    at = s.end;
  }
  return out + text.slice(at);
};

/** True when `scrubSecrets` would change the text. */
export const containsSecret = (text: string): boolean => findSecretSpans(text).length > 0;

export { findSecretSpans };
