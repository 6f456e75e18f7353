import { cutChars } from '../episodes/cut-chars.js';
import { estimateTokens } from '@engram/kernel';
import type { SkillSummary } from './skill.js';

/**
 * The default token budget of the prompt's skill list. Anton listed every skill with its full
 * description (up to 1024 characters each, anton.md §15.20); the seed doc plans ~50 tokens
 * per skill, so this holds about 16 skills with descriptions before the rest go label-only.
 */
export const DEFAULT_SKILL_LIST_BUDGET_TOKENS = 800;
/** A listed description is cut to this: enough to tell when a skill applies, the rest is one recall away. */
export const MAX_LISTED_DESCRIPTION = 160;

const HEADER = [
  '',
  '',
  '## Procedural memory (skills available)',
  '',
  'These are reusable procedures you saved earlier. When the request matches one, call `recall_skill(label)` to load its full step-by-step procedure; you may recall several. Otherwise proceed normally.',
  '',
].join('\n');

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * Anton's "## Procedural memory" section (anton.md §10.6), bounded: skills in label order
 * (stable, so the prompt cache holds), each as `` - `label` — description `` with the
 * description on one line and cut to 160 characters, while the budget allows; the rest by
 * label only on one line; and if even that does not fit, a count of the skills left out.
 * Empty when there are no skills.
 */
export const formatSkillList = (skills: readonly SkillSummary[], budgetTokens: number = DEFAULT_SKILL_LIST_BUDGET_TOKENS): string => {
  const listed = skills.filter((s) => s.label !== '');
  if (listed.length === 0) return '';
  const budgetChars = budgetTokens * 4;
  const more = (n: number) => (n === 0 ? '' : `\n- … and ${n} more skill${n === 1 ? '' : 's'}; call \`recall_skill\` with a label or a close guess to look one up.`);
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
  }
  if (i === listed.length) return text;
  const rest = listed.slice(i);
  let labels = '\n- Also:';
  let shown = 0;
  for (const s of rest) {
    const next = `${labels}${shown === 0 ? ' ' : ', '}\`${s.label}\``;
    if ((text + next + more(rest.length - shown - 1)).length > budgetChars) break;
    labels = next;
    shown++;
  }
  return text + (shown > 0 ? labels : '') + more(rest.length - shown);
};
