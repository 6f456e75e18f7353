import type { SkillStats } from './skill-stats.js';

/** What the prompt list and lookups need of a skill. */
export interface SkillSummary {
  /** The label the skill is listed and recalled under. */
  readonly label: string;
  /** The display name (metadata `display_name`), else the label. */
  readonly name: string;
  readonly description: string;
  /** Its folder's name inside the skills root (usually the label). */
  readonly folder: string;
  /** `current`: SKILL.md + stats.json; `legacy`: meta.json + declarative.md (read, never rewritten on read). */
  readonly layout: 'current' | 'legacy';
}

/** A whole skill, as `recall_skill` serves it (anton.md §10.4 `load`). */
export interface Skill extends SkillSummary {
  /** The declarative procedure (SKILL.md body, or legacy declarative.md). */
  readonly body: string;
  readonly metadata: Readonly<Record<string, string>>;
  readonly provenance: string;
  readonly createdAt: string;
  /** `references/` exists. */
  readonly stage2: boolean;
  /** `scripts/` (or legacy `code/`) exists. */
  readonly stage3: boolean;
  readonly stats: SkillStats;
}

/** A skill folder that could not be read: reported, then skipped. */
export interface SkillProblem {
  readonly folder: string;
  readonly reason: string;
}
