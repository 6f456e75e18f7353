import { cutChars } from '@engram/kernel';
import { isoWithOffset } from '../episodes/episode-time.js';
import { CLOSE_MATCH_CUTOFF, closeMatches } from './close-matches.js';
import { MAX_DESCRIPTION_LENGTH } from './legacy-skill.js';
import { normalizeSkillName } from './normalize-skill-name.js';
import type { SkillSummary } from './skill.js';
import { assertSkillLabel } from './skill-label.js';
import { slugifySkillLabel } from './slugify-skill-label.js';

/**
 * The skill listed as `input` or kept under the folder `input`: the input as given, then lower
 * case with `_` as `-`, then normalised (anton.md §15.13). Every skill backend looks up this way.
 */
export const findSkillExact = <E extends { readonly summary: Pick<SkillSummary, 'label' | 'folder'> }>(input: string, entries: readonly E[]): E | null => {
  const text = input.trim();
  const keys = [...new Set([text, text.toLowerCase().replace(/_/g, '-'), normalizeSkillName(text)])].filter((k) => k !== '');
  for (const key of keys) {
    const hit = entries.find((e) => e.summary.label === key) ?? entries.find((e) => e.summary.folder === key);
    if (hit !== undefined) return hit;
  }
  return null;
};

/** Anton's `closest_match` (anton.md §10.4): the input slugified, matched by difflib's ratio with cutoff 0.6; null when none is close. */
export const closestLabel = (input: string, labels: readonly string[]): string | null => {
  const slug = slugifySkillLabel(input);
  const [best] = labels.includes(slug) ? [slug] : closeMatches(slug, labels, 1, CLOSE_MATCH_CUTOFF);
  return best ?? null;
};

/** A label not taken yet: `slugify(base)`, else with `-2`, `-3`, ... (Anton's `make_unique_label`). */
export const uniqueLabelAmong = (base: string, taken: (label: string) => boolean): string => {
  const slug = normalizeSkillName(slugifySkillLabel(base)) || 'skill';
  if (!taken(slug)) return slug;
  for (let i = 2; ; i++) {
    const suffix = `-${i}`;
    const candidate = `${slug.slice(0, 64 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
};

/** What a saved skill holds, whatever keeps it: the label checked, text scrubbed, the description cut to Anton's limit. */
export interface SkillContent {
  readonly label: string;
  readonly description: string;
  readonly metadata: Record<string, string>;
  readonly body: string;
}

/** A draft as every backend stores it; throws for a bad label (SkillLabelError) or an empty description (RangeError). */
export const skillContent = (
  draft: { readonly label: string; readonly description: string; readonly whenToUse?: string; readonly body: string; readonly displayName?: string; readonly provenance?: string; readonly createdAt?: string },
  scrub: (text: string) => string,
  nowMs: number,
): SkillContent => {
  const label = assertSkillLabel(draft.label);
  const description = cutChars(scrub([draft.description.trim(), (draft.whenToUse ?? '').trim()].filter((p) => p !== '').join('. ')), MAX_DESCRIPTION_LENGTH);
  if (description === '') throw new RangeError(`skill ${label}: the description is empty; say in a sentence what the skill is for`);
  const metadata: Record<string, string> = {};
  const fields: [string, string | undefined][] = [['display_name', draft.displayName], ['provenance', draft.provenance], ['created_at', draft.createdAt ?? isoWithOffset(nowMs)]];
  for (const [k, v] of fields) if (v !== undefined && v !== '') metadata[k] = scrub(v);
  return { label, description, metadata, body: scrub(draft.body) };
};
