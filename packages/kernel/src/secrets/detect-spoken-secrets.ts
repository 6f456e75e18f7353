import { matches } from './each-match.js';
import { isAsciiLetter, isBlank, runEnd, wordAt } from './hit-context.js';
import { isMarkerAt } from './redaction-marker.js';
import type { SecretDetector, SecretSpan } from './secret-span.js';

/**
 * Secrets said in words: "my password is hunter2", "the API key was Xy9-...", "our wifi
 * passphrase is 'correct horse'". After a possessive ("my", "our", "your") any value that is
 * not an ordinary word about the secret counts; otherwise the value must hold a digit or a
 * symbol, so "the password is incorrect" and "the token is expired" stay.
 */
const SPOKEN =
  /\b(password|passphrase|passcode|passwd|pwd|pin(?:[ \t]+code)?|secret(?:[ \t]+key)?|api[ \t_-]?key|access[ \t]+key|private[ \t]+key|token)[ \t]+(?:is|was)[ \t]*:?[ \t]*(["'\u201c\u2018]?)([^\s"'\u201d\u2019]+)/gi;
const ORDINARY = new Set([
  'a', 'an', 'the', 'not', 'never', 'now', 'still', 'also', 'just', 'correct', 'incorrect', 'wrong', 'invalid', 'valid', 'expired', 'required',
  'missing', 'empty', 'set', 'unset', 'stored', 'saved', 'kept', 'too', 'very', 'being', 'same', 'different', 'changed', 'reset', 'in', 'on',
  'at', 'hidden', 'secret', 'private', 'null', 'none', 'undefined', 'used', 'needed', 'optional', 'shown', 'sent', 'rotated', 'revoked', 'weak',
  'strong', 'short', 'long', 'case-sensitive', 'encrypted', 'hashed', 'generated', 'known', 'unknown', 'available', 'different', 'provided',
  'given', 'that', 'this', 'what', 'where', 'how', 'your', 'my', 'our', 'it', 'only', 'no', 'yes', 'stale', 'good', 'bad', 'fine', 'ok',
  'okay', 'working', 'broken', 'ready', 'there', 'here', 'all', 'mandatory', 'accepted', 'rejected', 'expiring', 'ignored', 'unchanged',
]);
/** The owner before the secret's name, with at most one word between ("my wifi password"). */
const OWNER = /\b(my|our|your|his|her|their)[ \t]+(?:[\w-]+[ \t]+)?$/i;
const OWNER_REACH = 40;
const POSSESSIVE = new Set(['my', 'our', 'your', 'his', 'her', 'their']);

const detectSpokenSecrets = (text: string): SecretSpan[] => {
  const spans: SecretSpan[] = [];
  for (const m of matches(SPOKEN, text)) {
    const owner = OWNER.exec(text.slice(Math.max(0, m.index - OWNER_REACH), m.index))?.[1]?.toLowerCase() ?? '';
    const quote = m[2] ?? '';
    const value = (m[3] ?? '').replace(/[.,;:!?)\]]+$/, '');
    const start = m.index + m[0].length - (m[3] ?? '').length;
    if (value === '' || isMarkerAt(text, start) || ORDINARY.has(value.toLowerCase())) continue;
    const shaped = /[\d\W_]/.test(value) && !/^\d{1,3}$/.test(value);
    if (!(POSSESSIVE.has(owner) || quote !== '' || shaped)) continue;
    spans.push({ start, end: start + value.length, kind: 'spoken-secret' });
  }
  return spans;
};

const isBlankSep = (c: number): boolean => isBlank(c) || c === 95 || c === 45;
/** Blanks at `at` (at least one), then `is` or `was`; undefined when the blanks run too long to tell. */
const verbAfter = (text: string, at: number): boolean | undefined => {
  const end = runEnd(text, at, isBlank);
  if (end === -1) return undefined;
  return end > at && (wordAt(text, end, 'is') || wordAt(text, end, 'was'));
};

/**
 * SPOKEN's name is one word or two (`pin code`, `secret key`, `api_key`) made of letters and
 * blanks, `_` or `-` between them, then blanks and `is`/`was`; the hit is in one of its words.
 */
const mayBeSpoken = (text: string, at: number): boolean => {
  const word = runEnd(text, at, isAsciiLetter);
  if (word === -1) return true;
  const first = verbAfter(text, word);
  if (first !== false) return true;
  const gap = runEnd(text, word, isBlankSep);
  const second = gap === -1 ? -1 : runEnd(text, gap, isAsciiLetter);
  return second === -1 || verbAfter(text, second) !== false;
};

export const spokenDetector: SecretDetector = {
  name: 'spoken',
  keywords: ['password', 'passphrase', 'passcode', 'passwd', 'pwd', 'pin', 'secret', 'key', 'token'],
  requires: [' is', ' was', ' IS', ' WAS', ' Is', ' Was', '\tis', '\twas'],
  scope: 'line',
  detect: detectSpokenSecrets,
  mayFireAt: mayBeSpoken,
};
