import { redactJsonValue, type SubjectMatcher } from '@engram/kernel';

/**
 * Whether a line or document mentions the subject: in its text as written, or, for JSON, in
 * any decoded string or key (a subject with a quote or a backslash is escaped in the raw text).
 */
export const mentions = (text: string, matcher: SubjectMatcher, marker: string): boolean => {
  if (matcher.matches(text)) return true;
  if (!text.includes('\\')) return false;
  try {
    return redactJsonValue(JSON.parse(text) as unknown, matcher, marker).count > 0;
  } catch {
    return false;
  }
};

/** A string id of a JSON item, if it has one under a usual name (for the preview's list of ids). */
export const itemId = (v: unknown): string | null => {
  if (v === null || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  for (const k of ['id', 'pendingId', 'recipeId', 'instinctId', 'label']) if (typeof o[k] === 'string') return o[k];
  return null;
};
