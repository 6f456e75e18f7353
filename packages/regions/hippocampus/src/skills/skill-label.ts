import { TaggedError } from '@engram/kernel';

/** A skill label: lower-case letters and digits, single hyphens inside (anton.md §10.2's validator, §15.24's fix). */
export const SKILL_LABEL_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;
/** Anton's validator caps a name at 64 characters; a label is also a folder name. */
export const MAX_SKILL_LABEL_LENGTH = 64;
/**
 * Longest text a lookup accepts: room for typos and separators around a 64-character label,
 * and short of the 200 characters where difflib's autojunk heuristic would start to skew scores.
 */
export const MAX_SKILL_LOOKUP_LENGTH = 128;

/** Why a label is refused: not a label (empty, too long, characters a label cannot have), or a folder that leads outside the skills folder. */
export type SkillLabelReason = 'bad-label' | 'outside-folder';

/** A label refused for a create, recall or remove, with the problem in words. */
export class SkillLabelError extends TaggedError('SkillLabelError')<{
  readonly reason: SkillLabelReason;
  readonly input: string;
  /** What is wrong, in words (`skillLabelProblem`). */
  readonly problem: string;
  readonly message: string;
}> {
  constructor(input: string, problem: string, reason: SkillLabelReason = 'bad-label') {
    super({ reason, input, problem, message: `skill label ${JSON.stringify(input.length > 80 ? `${input.slice(0, 80)}…` : input)} refused: ${problem}` });
  }
}

const HINT = 'labels are lower-case letters, digits and single hyphens, like csv-summary';

/** Why `label` is not a valid label to create a skill under, or null when it is. */
export const skillLabelProblem = (label: string): string | null => {
  if (label === '') return `it is empty (${HINT})`;
  if (label.length > MAX_SKILL_LABEL_LENGTH) return `it is ${label.length} characters long, over the limit of ${MAX_SKILL_LABEL_LENGTH}`;
  const path = pathProblem(label);
  if (path !== null) return path;
  if (!SKILL_LABEL_PATTERN.test(label) || label.includes('--')) return `it has characters or hyphens a label cannot have (${HINT})`;
  return null;
};

/** Throws a SkillLabelError unless `label` can name a skill folder. */
export const assertSkillLabel = (label: string): string => {
  const problem = skillLabelProblem(label);
  if (problem !== null) throw new SkillLabelError(label, problem);
  return label;
};

/**
 * Why text given to look a skill up (typed by a user or sent by the model) is refused, or null.
 * Lookups tolerate case, `_` and typos, but never anything that reads as a path.
 */
export const lookupProblem = (input: string): string | null => {
  const text = input.trim();
  if (text === '') return `it is empty (${HINT})`;
  if (text.length > MAX_SKILL_LOOKUP_LENGTH) return `it is ${text.length} characters long, over the lookup limit of ${MAX_SKILL_LOOKUP_LENGTH}`;
  return pathProblem(text);
};

const pathProblem = (text: string): string | null => {
  if ([...text].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f')) return 'it contains control characters';
  if (/[/\\]/.test(text) || text.startsWith('~') || /^[A-Za-z]:/.test(text)) return `it looks like a path (${HINT})`;
  if (text.includes('..') || text === '.') return `it contains '.' path segments (${HINT})`;
  return null;
};
