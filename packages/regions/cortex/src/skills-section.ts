import { cutChars, estimateTokens, rankRecall, recallIndexer, type RecallDoc } from '@engram/kernel';
import type { InjectedItem } from './injected-item.js';

/** A saved skill as the memory block offers it: the label `recall_skill` loads it by, and what it is for. */
export interface OfferedSkill {
  readonly label: string;
  readonly description: string;
}

/** A listed description is cut to this: enough to tell when a skill applies, the rest is one recall away. */
export const MAX_LISTED_DESCRIPTION = 160;

/** Ranked skills placed ahead of the rest: more than the default budget lists with descriptions (about 16). */
const MAX_RANKED_SKILLS = 50;

const HEADER = [
  '## Procedural memory (skills available)',
  '',
  'These are reusable procedures you saved earlier. When the request matches one, call `recall_skill(label)` to load its full step-by-step procedure; you may recall several. Otherwise proceed normally.',
  '',
].join('\n');

const WHY = 'skill, relevant to the message first, then by label';

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** A skill as the ranking core reads it: its description, with the label's words as a tag (a question names a skill's subject more often than its label). */
const skillIndex = recallIndexer((s: OfferedSkill): RecallDoc => ({ text: s.description, tags: [s.label.replace(/[-_]+/g, ' ')] }));

const byLabel = (a: OfferedSkill, b: OfferedSkill): number => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);

/**
 * The skills in the order the block offers them: those relevant to the message first, best first
 * (the ranking core, `rankRecall`), then the others by label. Without a message, or when none is
 * relevant, label order: the same bytes every turn, as Anton's list.
 */
export const rankedSkills = (skills: readonly OfferedSkill[], message: string): OfferedSkill[] => {
  const listed = skills.filter((s) => s.label !== '').sort(byLabel);
  if (message.trim() === '' || listed.length === 0) return listed;
  const { docs, index } = skillIndex(listed);
  const ranked = rankRecall(index, docs, message, MAX_RANKED_SKILLS);
  const taken = new Set(ranked);
  return [...ranked.flatMap((i) => listed[i] ?? []), ...listed.filter((_, i) => !taken.has(i))];
};

export interface SkillsSection {
  /** The section as it ends the block ("" with no skill). */
  readonly text: string;
  /** The skills it names, in its order (with a description or by label only). */
  readonly items: readonly InjectedItem[];
}

/**
 * Anton's "## Procedural memory" section (anton.md §10.6), ranked and bounded: the skills in
 * `rankedSkills` order, each as `` - `label` — description `` with the description on one line
 * and cut to 160 characters, while the budget allows; the rest by label only on one line; and if
 * even that does not fit, a count of the skills left out. Anton listed every skill with its whole
 * description (§15.20). Pure: the same skills, message and budget give the same text.
 */
export const skillsSection = (skills: readonly OfferedSkill[], message: string, budgetTokens: number): SkillsSection => {
  const listed = rankedSkills(skills, message);
  if (listed.length === 0) return { text: '', items: [] };
  const budgetChars = budgetTokens * 4;
  const more = (n: number) => (n === 0 ? '' : `\n- … and ${n} more skill${n === 1 ? '' : 's'}; call \`recall_skill\` with a label or a close guess to look one up.`);
  const items: InjectedItem[] = [];
  let text = HEADER;
  let i = 0;
  for (; i < listed.length; i++) {
    const s = listed[i];
    if (s === undefined) break;
    const description = oneLine(s.description);
    const line = `\n- \`${s.label}\`${description === '' ? '' : ` — ${cutChars(description, MAX_LISTED_DESCRIPTION)}`}`;
    // Keep room for the closing count, so what follows can always be announced.
    if (estimateTokens(text + line + more(listed.length - i - 1)) > budgetTokens) break;
    text += line;
    items.push({ id: `skill:${s.label}`, kind: 'skill', text: description === '' ? s.label : description, why: WHY });
  }
  if (i === listed.length) return { text, items };
  const rest = listed.slice(i);
  let labels = '\n- Also:';
  let shown = 0;
  for (const s of rest) {
    const next = `${labels}${shown === 0 ? ' ' : ', '}\`${s.label}\``;
    if ((text + next + more(rest.length - shown - 1)).length > budgetChars) break;
    labels = next;
    items.push({ id: `skill:${s.label}`, kind: 'skill', text: s.label, why: WHY });
    shown++;
  }
  if (items.length === 0 && estimateTokens(text + more(rest.length)) > budgetTokens) return { text: '', items: [] };
  return { text: text + (shown > 0 ? labels : '') + more(rest.length - shown), items };
};
