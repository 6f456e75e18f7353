import { TaggedError } from '../tagged-error.js';

/**
 * Matching a subject the user asked to forget: case-insensitive, over the normalised text
 * (runs of whitespace count as one space), so "Use  Tabs" in a file matches the subject
 * "use tabs". One definition for every store and every log, so what the preview counts is what
 * the removal removes and what the redaction replaces.
 */
export interface SubjectMatcher {
  /** The subject as given, trimmed and with its whitespace collapsed. */
  readonly subject: string;
  /** Whether the text holds the subject anywhere. */
  readonly matches: (text: string) => boolean;
  /** The text with every occurrence replaced by `marker`, and how many there were. */
  readonly redact: (text: string, marker: string) => { readonly text: string; readonly count: number };
}

/** A subject shorter than this would match inside ordinary words everywhere ("a", "is"): refused. */
export const MIN_SUBJECT_CHARS = 3;

/** A subject to forget that would match too much (under `MIN_SUBJECT_CHARS` once trimmed): exit 2 in the CLI. */
export class SubjectError extends TaggedError('SubjectError')<{ readonly reason: 'too-short'; readonly message: string }> {}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Builds the matcher; a blank or too short subject is a `SubjectError`. */
export const subjectMatcher = (raw: string): SubjectMatcher => {
  const subject = raw.replace(/\s+/g, ' ').trim();
  if (subject.length < MIN_SUBJECT_CHARS) throw new SubjectError({ reason: 'too-short', message: `the subject must have at least ${MIN_SUBJECT_CHARS} characters (after trimming), got ${JSON.stringify(raw)}` });
  const source = subject.split(' ').map(escape).join('\\s+');
  const test = new RegExp(source, 'iu');
  return {
    subject,
    matches: (text) => test.test(text),
    redact: (text, marker) => {
      let count = 0;
      const out = text.replace(new RegExp(source, 'giu'), () => {
        count++;
        return marker;
      });
      return { text: out, count };
    },
  };
};

/**
 * A JSON value with the subject redacted in every string and every object key; `count` says how
 * many occurrences went. Values without it are returned as they were (same reference), so a
 * caller can tell untouched data cheaply.
 */
export const redactJsonValue = (value: unknown, matcher: SubjectMatcher, marker: string): { readonly value: unknown; readonly count: number } => {
  let count = 0;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (!matcher.matches(v)) return v;
      const r = matcher.redact(v, marker);
      count += r.count;
      return r.text;
    }
    if (Array.isArray(v)) {
      let changed = false;
      const out = v.map((x) => {
        const y = walk(x);
        if (y !== x) changed = true;
        return y;
      });
      return changed ? out : v;
    }
    if (v !== null && typeof v === 'object') {
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        const key = walk(k) as string;
        const y = walk(x);
        if (key !== k || y !== x) changed = true;
        out[key] = y;
      }
      return changed ? out : v;
    }
    return v;
  };
  const out = walk(value);
  return { value: out, count };
};
