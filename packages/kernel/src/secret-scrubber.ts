import { findSecretSpans, mergedWindows, type FindOptions } from './secrets/find-secret-spans.js';
import type { SecretSpan } from './secrets/secret-span.js';
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
export const scrubSecrets = (text: string): string => scrubWith(text, PROVEN);

/**
 * `scrubSecrets` with every detector run wherever its keywords are, ignoring their proofs of
 * silence: the reference the property tests hold the fast path to (same output, always).
 */
export const scrubSecretsWithoutProofs = (text: string): string => scrubWith(text, UNPROVEN);

const PROVEN: FindOptions = {};
const UNPROVEN: FindOptions = { proofs: false };

/** Clean text (the fast path: every keyword hit disproved) comes back as the same string. */
const scrubWith = (text: string, options: FindOptions): string => {
  if (text.length === 0) return text;
  const first = redact(text, findSecretSpans(text, options));
  if (first.marks.length === 0) return text;
  let { out, marks } = first;
  for (let pass = 1; pass < MAX_PASSES && marks.length > 0; pass++) {
    const next = rescanAround(out, marks, options);
    out = next.out;
    marks = next.marks;
  }
  return out;
};

/**
 * Passes before giving up on a fixed point. A pass can expose a secret glued to the one it
 * redacted (`AIza...sk-proj-...`: the second key follows a letter, so it reads as a key only once
 * the first is a marker). Later passes rescan only the lines around the new markers, since every
 * detector but the block ones is line-local; each pass only shrinks secrets, so 2 suffice in practice.
 */
const MAX_PASSES = 4;

interface Redacted {
  readonly out: string;
  /** Where each inserted marker starts in `out`. */
  readonly marks: readonly number[];
}

const redact = (text: string, spans: readonly SecretSpan[]): Redacted => {
  let out = '';
  let at = 0;
  const marks: number[] = [];
  for (const s of spans) {
    out += text.slice(at, s.start);
    marks.push(out.length);
    out += redacted(s.kind);
    at = s.end;
  }
  return { out: out + text.slice(at), marks };
};

/** A character a token can continue with: only a marker glued to one can have exposed a new secret. */
const TOKEN_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_+/=-') TOKEN_CHAR[c.charCodeAt(0)] = 1;
const isTokenChar = (code: number): boolean => code < 128 && TOKEN_CHAR[code] === 1;
const isGlued = (text: string, mark: number): boolean => {
  const end = text.indexOf(']', mark) + 1;
  return isTokenChar(text.charCodeAt(mark - 1)) || isTokenChar(text.charCodeAt(end));
};

const rescanAround = (text: string, marks: readonly number[], options: FindOptions): Redacted => {
  let out = '';
  let at = 0;
  const next: number[] = [];
  const glued = marks.filter((m) => isGlued(text, m));
  for (const [start, end] of mergedWindows(text, glued)) {
    const part = text.slice(start, end);
    const r = redact(part, findSecretSpans(part, options));
    if (r.marks.length === 0) continue;
    out += text.slice(at, start);
    for (const m of r.marks) next.push(out.length + m);
    out += r.out;
    at = end;
  }
  return { out: out + text.slice(at), marks: next };
};

/** True when `scrubSecrets` would change the text. */
export const containsSecret = (text: string): boolean => findSecretSpans(text).length > 0;

export { findSecretSpans };
