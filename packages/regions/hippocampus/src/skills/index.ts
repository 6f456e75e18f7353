// Procedural memory: skill folders (Anton's current and legacy layouts), safe labels, typo-tolerant lookup.
export { FileSkillStore, type FileSkillStoreOptions, type SkillDraft, type SkillListing, type SkillResolution, type CreditResult } from '../effects/file-skill-store.js';
export type { Skill, SkillSummary, SkillProblem } from './skill.js';
export type { SkillStore } from './skill-store.js';
export { findSkillExact, closestLabel, uniqueLabelAmong, skillContent, type SkillContent } from './skill-lookup.js';
export { SKILL_LABEL_PATTERN, MAX_SKILL_LABEL_LENGTH, MAX_SKILL_LOOKUP_LENGTH, SkillLabelError, type SkillLabelReason, assertSkillLabel, skillLabelProblem, lookupProblem } from './skill-label.js';
export { skillDir, realSkillDir } from '../effects/skill-dir.js';
export { normalizeSkillName } from './normalize-skill-name.js';
export { slugifySkillLabel } from './slugify-skill-label.js';
export { SequenceMatcher, type MatchingBlock } from './sequence-matcher.js';
export { closeMatches, CLOSE_MATCH_CUTOFF } from './close-matches.js';
export { parseSkillMd, renderSkillMd, type SkillMd, type SkillMdParse } from './skill-md.js';
export { parseSkillStats, renderSkillStats, creditRecommended, ZERO_STATS, type SkillStats, type StageStats, type SkillStage } from './skill-stats.js';
export { readLegacySkill, MAX_DESCRIPTION_LENGTH, type LegacySkill } from './legacy-skill.js';
export { recallSkillPayload, alreadyRecalledStub, recalledMarker, PROCEDURE_HEADER, MAX_PROCEDURE_CHARS } from './recall-skill-payload.js';
export { SkillDraftSchema, buildSkillDraftPrompt, skillBodyOf, skillDraftToSave, draftSkill, SKILL_DRAFT_PURPOSE, MAX_DRAFT_CODE_CHARS, MAX_DRAFT_OUTPUT_CHARS, MAX_DRAFT_CELLS, MAX_DRAFT_MESSAGE_CHARS, type SkillDraftAnswer, type SkillDraftModel, type SkillSource, type DraftCell } from './skill-draft.js';
