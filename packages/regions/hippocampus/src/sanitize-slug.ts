/** Topic slugs longer than this are cut: a slug is a short label, and a long one bloats every entry line. */
export const MAX_SLUG_LENGTH = 64;

/**
 * Anton's topic slug (anton.md §6.5): lower-case, keep `[a-z0-9]`, whitespace, `_` and `-`;
 * whitespace runs become `-`, dash runs collapse, dashes trimmed, empty becomes `general`.
 * Slugs are never used as paths, and the result cannot contain `/` or `.` anyway.
 */
export const sanitizeSlug = (name: string): string => {
  const slug = name
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9\s_-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug === '' ? 'general' : slug;
};
