import type { SubjectMatcher } from './subject-matcher.js';

/**
 * Whether a JSON value holds the subject in any string or object key, decoded. Its JSON text is
 * not enough: a quote, a backslash or a control character of the subject is escaped there, so
 * `say "hi"` is not in `{"text":"say \"hi\""}` as written.
 */
export const valueMentions = (matcher: SubjectMatcher, value: unknown): boolean => {
  if (typeof value === 'string') return matcher.matches(value);
  if (Array.isArray(value)) return value.some((v) => valueMentions(matcher, v));
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([k, v]) => matcher.matches(k) || valueMentions(matcher, v));
  return false;
};

/**
 * Whether a stored line or document mentions the subject: in its text as written, or, when it is
 * JSON, in a decoded string or key. Only a text holding a backslash can hide an escaped subject,
 * so other texts are never parsed.
 */
export const textMentions = (matcher: SubjectMatcher, text: string): boolean => {
  if (matcher.matches(text)) return true;
  if (!text.includes('\\')) return false;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  return valueMentions(matcher, value);
};
