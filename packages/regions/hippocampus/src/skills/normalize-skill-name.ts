import { MAX_SKILL_LABEL_LENGTH } from './skill-label.js';

/**
 * Anton's `normalize_name` (anton.md §10.2): trim, lower-case, runs of anything but `[a-z0-9]`
 * become `-`, trim `-`, cut to 64, strip a trailing `-`. Turns a front-matter name or a legacy
 * folder name into a label; it can return `""`, which callers treat as "no name".
 */
export const normalizeSkillName = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SKILL_LABEL_LENGTH)
    .replace(/-+$/, '');
