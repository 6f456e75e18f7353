/**
 * Anton's `slugify` for skill lookups and new labels (anton.md §10.4): trim, lower-case, `_`
 * and space become `-`, runs of anything outside `[a-z0-9-]` become `-`, collapse and trim
 * `-`; empty becomes `skill`. No length cap (lookups bound their input instead).
 */
export const slugifySkillLabel = (text: string): string => {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/[_ ]/g, '-')
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'skill' : slug;
};
