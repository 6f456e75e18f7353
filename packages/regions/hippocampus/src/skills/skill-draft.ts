import { z } from 'zod';
import { cutChars } from '@engram/kernel';
import type { SkillDraft } from '../effects/file-skill-store.js';

/**
 * What the model returns when asked to turn a session into a skill (Anton's `/skill save`,
 * anton.md §10). Bounds keep a runaway answer from becoming a 100 kB SKILL.md; they are generous
 * next to what a procedure needs.
 */
export const SkillDraftSchema = z.object({
  label: z.string().min(1).max(64).describe('short kebab-case label, e.g. csv-summary'),
  name: z.string().min(1).max(120).describe('human-readable name'),
  description: z.string().min(1).max(600).describe('one sentence: what the skill does'),
  whenToUse: z.string().max(400).describe('one sentence: the requests it fits'),
  steps: z.array(z.string().min(1).max(1200)).min(1).max(30).describe('the procedure, one step each, in order; concrete and reusable'),
});
export type SkillDraftAnswer = z.infer<typeof SkillDraftSchema>;

/** One code cell of the session, as the draft prompt shows it. */
export interface DraftCell {
  readonly description: string;
  readonly code: string;
  /** `null` when the log holds no result (the cell was killed or the log was cut). */
  readonly ok: boolean | null;
  /** Stdout, then stderr and the error, as the cell produced them. */
  readonly output: string;
}

/** What a skill is drafted from: the user's messages and the cells, in session order. */
export interface SkillSource {
  readonly sessionId: string;
  readonly userMessages: readonly string[];
  readonly cells: readonly DraftCell[];
}

/** Code past this many characters is cut: the shape of a cell matters for a procedure, not its full data. */
export const MAX_DRAFT_CODE_CHARS = 2000;
/** Output past this is cut: results only tell the model whether a step worked. */
export const MAX_DRAFT_OUTPUT_CHARS = 600;
/** Only the most recent cells are shown, so a long session cannot overflow the planning model's context. */
export const MAX_DRAFT_CELLS = 30;
/** Each user message is cut to this: the request, not pasted data, is what the skill is for. */
export const MAX_DRAFT_MESSAGE_CHARS = 1000;

const SYSTEM = [
  'You turn a finished working session into a reusable skill: a short, general procedure another agent can follow next time a similar request comes in.',
  'Keep what worked, in order; leave out dead ends, one-off values, file names specific to this data, and anything secret.',
  'Each step is one imperative sentence or a few, and may include a small code pattern when it matters.',
].join(' ');

/**
 * The prompt asking for a draft: pure, so the cassette in tests and the bytes sent to a real model
 * are the same. `hint` is the user's `--name`, passed on as the wanted label.
 */
export const buildSkillDraftPrompt = (source: SkillSource, hint?: string): { readonly system: string; readonly user: string } => {
  const cells = source.cells.slice(-MAX_DRAFT_CELLS);
  const lines: string[] = [`Session ${source.sessionId}.`, '', '## What the user asked'];
  if (source.userMessages.length === 0) lines.push('(no messages recorded)');
  for (const m of source.userMessages) lines.push(`- ${cutChars(m, MAX_DRAFT_MESSAGE_CHARS).replace(/\s*\n\s*/g, ' ')}`);
  lines.push('', `## Code cells (${cells.length} of ${source.cells.length}, oldest first)`);
  if (cells.length === 0) lines.push('(no cells recorded)');
  cells.forEach((c, i) => {
    const status = c.ok === null ? 'no result' : c.ok ? 'ok' : 'failed';
    lines.push('', `### Cell ${i + 1}: ${c.description || '(no description)'} [${status}]`, '```', cutChars(c.code, MAX_DRAFT_CODE_CHARS), '```');
    if (c.output !== '') lines.push('Output:', '```', cutChars(c.output, MAX_DRAFT_OUTPUT_CHARS), '```');
  });
  lines.push('', 'Draft the skill.');
  if (hint !== undefined && hint.trim() !== '') lines.push(`The user wants it named: ${hint.trim()}`);
  return { system: SYSTEM, user: lines.join('\n') };
};

/** The SKILL.md body for a draft: the procedure as a numbered list under a heading. */
export const skillBodyOf = (draft: SkillDraftAnswer): string =>
  [`# ${draft.name.trim()}`, '', `When to use: ${draft.whenToUse.trim() || draft.description.trim()}`, '', '## Procedure', '', ...draft.steps.map((s, i) => `${i + 1}. ${s.trim()}`), ''].join('\n');

/** What `FileSkillStore.save` takes for a draft, under a label the caller has made unique. */
export const skillDraftToSave = (draft: SkillDraftAnswer, label: string, provenance: string): SkillDraft => ({
  label,
  description: draft.description,
  ...(draft.whenToUse.trim() === '' ? {} : { whenToUse: draft.whenToUse }),
  body: skillBodyOf(draft),
  displayName: draft.name,
  provenance,
});

/**
 * The slice of the LLM port a draft needs (`@engram/llm`'s client fits it), typed structurally
 * so the hippocampus loads no provider code.
 */
export interface SkillDraftModel {
  generateObject<S extends z.ZodType>(
    schema: S,
    options: {
      readonly system: string;
      readonly messages: readonly { readonly role: 'user'; readonly content: string }[];
      readonly role: 'planning';
      readonly purpose: string;
      readonly name: string;
    },
  ): Promise<z.output<S>>;
}

/** The `purpose` every draft call carries (cassettes match on it). */
export const SKILL_DRAFT_PURPOSE = 'skill-draft';

/**
 * Asks the planning model for a skill draft from a session. Plain Promise API for hosts and the
 * CLI; rejects with the port's error when the call fails (nothing is saved by this function).
 */
export const draftSkill = async (model: SkillDraftModel, source: SkillSource, options: { readonly hint?: string } = {}): Promise<SkillDraftAnswer> => {
  const prompt = buildSkillDraftPrompt(source, options.hint);
  return model.generateObject(SkillDraftSchema, {
    system: prompt.system,
    messages: [{ role: 'user', content: prompt.user }],
    role: 'planning',
    purpose: SKILL_DRAFT_PURPOSE,
    name: 'SkillDraft',
  });
};
