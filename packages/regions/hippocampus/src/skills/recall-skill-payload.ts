import type { Skill } from './skill.js';

/**
 * The marker and header a recalled skill leaves in the conversation; `recall_skill` looks for
 * both to avoid sending the same procedure twice (anton.md §10.5, step 5).
 */
export const recalledMarker = (label: string): string => `# Skill recalled: \`${label}\``;
export const PROCEDURE_HEADER = '## Procedure (Stage 1 — declarative)';
/**
 * A recalled procedure longer than this is cut (about 6,000 tokens): a skill is a procedure
 * to follow, and one hand-edited into a book must not flood the context. Anton sent any size.
 */
export const MAX_PROCEDURE_CHARS = 24_000;

/** Anton's payload lines (§10.5 step 7), with the procedure bounded. */
export const recallSkillPayload = (skill: Skill, warning: string | null): string => {
  const body = skill.body.trim();
  const cut = body.length > MAX_PROCEDURE_CHARS ? `${body.slice(0, MAX_PROCEDURE_CHARS)}\n\n[… procedure cut at ${MAX_PROCEDURE_CHARS} characters of ${body.length}; the full text is in the skill's SKILL.md.]` : body;
  const lines = [
    ...(warning === null ? [] : [warning, '']),
    recalledMarker(skill.label),
    `# Skill: ${skill.name}`,
    '',
    ...(skill.description === '' ? [] : [skill.description, '']),
    PROCEDURE_HEADER,
    '',
    cut,
  ];
  return lines.join('\n');
};

/** The short answer when the procedure is already in the conversation; it holds neither marker nor header, on purpose. */
export const alreadyRecalledStub = (skill: Skill): string =>
  `Skill '${skill.label}' was already recalled in this conversation; its procedure is above under "# Skill: ${skill.name}". Follow it from there.`;
