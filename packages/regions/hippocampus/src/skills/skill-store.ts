import type { Awaitable } from '@engram/kernel';
import type { CreditResult, SkillDraft, SkillListing, SkillResolution } from '../effects/file-skill-store.js';
import type { Skill } from './skill.js';
import type { SkillStage } from './skill-stats.js';

/**
 * Procedural memory's storage port: what a session, the recall_skill tool and the CLI need of a
 * skill store, whatever keeps it (a skills folder, PostgreSQL). Lookups follow the file store's
 * rules (exact by label, case and `_` tolerant, then Anton's typo-tolerant match); path-like
 * input is refused with a SkillLabelError; `save` keeps an existing skill's counters.
 * `skillStoreContract` (`@engram/hippocampus/testing`) states it for every backend.
 */
export interface SkillStore {
  /** Where the skills are, for messages: a folder, or `postgres:TENANT/skills`. */
  readonly location: string;
  list(): Awaitable<SkillListing>;
  load(input: string): Awaitable<Skill | null>;
  resolve(input: string): Awaitable<SkillResolution>;
  save(draft: SkillDraft): Promise<{ readonly label: string; readonly created: boolean }>;
  remove(input: string): Awaitable<{ readonly removed: boolean; readonly label: string | null }>;
  creditRecall(label: string, stage?: SkillStage): Promise<CreditResult>;
  uniqueLabel(base: string): Awaitable<string>;
}
