import { draftSkill, renderSkillMd, skillDraftToSave, type SkillDraftAnswer, type SkillDraftModel } from '@engram/hippocampus';
import type { AnyEnvelope } from '@engram/events';
import { skillSourceFromEvents } from '../audit/skill-source-from-events.js';
import type { MemoryFlags } from './open-active-brain.js';
import { openActiveSkills } from './open-active-skills.js';

/** What `engram skills save` drafted: the label it has (or would have), the draft, its SKILL.md, and where it was saved (null for a dry run). */
export interface SkillSaveOutcome {
  readonly label: string;
  readonly draft: SkillDraftAnswer;
  readonly preview: string;
  readonly saved: { readonly label: string; readonly dir: string } | null;
}

/**
 * Anton's `/skill save` (anton.md §10) for a recorded session: the model drafts the skill from the
 * events' user messages and cells, and it is saved under a valid label not taken yet (the hint,
 * else the model's label; `-2`, `-3` ... on a clash) in the active store (the skills folder, or
 * PostgreSQL); `dryRun` saves nothing. A session with neither messages nor cells is refused before
 * the model is asked.
 */
export const saveSkillFromEvents = async (
  model: SkillDraftModel,
  log: { readonly name: string; readonly events: readonly AnyEnvelope[] },
  options: Omit<MemoryFlags, 'project'> & { readonly name?: string; readonly dryRun?: boolean },
): Promise<SkillSaveOutcome> => {
  const source = skillSourceFromEvents(log.events);
  if (source.cells.length === 0 && source.userMessages.length === 0) throw new Error(`${log.name} holds no user messages and no cells to draft a skill from`);
  const store = await openActiveSkills(options);
  try {
    const draft = await draftSkill(model, source, options.name === undefined ? {} : { hint: options.name });
    const label = await store.skills.uniqueLabel(options.name ?? draft.label);
    const toSave = skillDraftToSave(draft, label, `session:${source.sessionId}`);
    const preview = renderSkillMd({ name: label, description: [toSave.description, toSave.whenToUse ?? ''].filter((s) => s.trim() !== '').join('. '), metadata: { display_name: draft.name }, body: toSave.body });
    if (options.dryRun === true) return { label, draft, preview, saved: null };
    const saved: { readonly label: string; readonly dir?: string } = await store.skills.save(toSave);
    return { label, draft, preview, saved: { label: saved.label, dir: saved.dir ?? store.root } };
  } finally {
    await store.close();
  }
};
