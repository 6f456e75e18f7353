import type { Awaitable } from '@engram/kernel';
import type { CreditResult, SkillResolution } from '../effects/file-skill-store.js';
import { alreadyRecalledStub, PROCEDURE_HEADER, recalledMarker, recallSkillPayload } from '../skills/recall-skill-payload.js';
import { MAX_SKILL_LOOKUP_LENGTH } from '../skills/skill-label.js';

/** Labels named in a NO MATCH answer; past this a count stands in for the rest. */
export const MAX_LABELS_IN_ANSWER = 50;

/** The tool definition (anton.md §10.5). */
export const RECALL_SKILL_TOOL = {
  name: 'recall_skill',
  description:
    'Load a procedural skill listed under "## Procedural memory" in the system prompt into working context: its full step-by-step procedure. You may recall several. An unknown label returns the closest match with a warning, or the list of available labels.',
  input_schema: {
    type: 'object',
    properties: { label: { type: 'string', minLength: 1, maxLength: MAX_SKILL_LOOKUP_LENGTH, description: 'The skill label, e.g. csv-summary.' } },
    required: ['label'],
    additionalProperties: false,
  },
} as const;

/** Skill lookups as the handler needs them; every `SkillStore` is one. */
export interface SkillRecaller {
  resolve(input: string): Awaitable<SkillResolution>;
  creditRecall(label: string): Promise<CreditResult>;
}

export interface RecallSkillDeps {
  /** Null when the session has no procedural memory. */
  readonly skills: SkillRecaller | null;
  /** The conversation so far; a skill whose procedure is still in it is not sent again. */
  readonly history?: readonly unknown[];
  /** Unlocks whatever the host ties to a recalled skill (Anton's deferred tool bundles). */
  readonly onRecalled?: (label: string) => void;
  /** Told when the recall counter could not be updated (the recall itself still succeeds). */
  readonly onProblem?: (message: string) => void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const inHistory = (history: readonly unknown[], label: string): boolean => {
  const marker = recalledMarker(label);
  return history.some((message) => {
    let text: string;
    try {
      text = typeof message === 'string' ? message : (JSON.stringify(message) ?? '');
    } catch {
      return false;
    }
    // JSON escapes nothing non-ASCII here, as Anton's `ensure_ascii=False`; backticks and the em dash survive.
    return text.includes(marker) && text.includes(PROCEDURE_HEADER);
  });
};

const labelList = (labels: readonly string[]): string => {
  const shown = labels.slice(0, MAX_LABELS_IN_ANSWER).join(', ');
  return labels.length > MAX_LABELS_IN_ANSWER ? `${shown} … and ${labels.length - MAX_LABELS_IN_ANSWER} more` : shown;
};

/**
 * The `recall_skill` tool (anton.md §10.5): validated label, exact then typo-tolerant lookup,
 * path-like labels refused (§15.24), the already-recalled stub, the recall credited to the
 * resolved label under a lock (§15.16), and a bounded payload. Never throws.
 */
export const handleRecallSkill = async (raw: unknown, deps: RecallSkillDeps): Promise<string> => {
  if (!isRecord(raw) || (raw.label !== undefined && raw.label !== null && typeof raw.label !== 'string'))
    return `ERROR: recall_skill needs {"label": "<skill label>"} with a string label (got ${JSON.stringify(isRecord(raw) ? raw.label : raw) ?? 'nothing'}).`;
  const input = typeof raw.label === 'string' ? raw.label.trim() : '';
  if (input === '') return 'ERROR: recall_skill needs a non-empty label: one of the labels listed under "## Procedural memory".';
  if (deps.skills === null) return 'ERROR: procedural memory is not available in this session, so no skill can be recalled.';
  try {
    const found = await deps.skills.resolve(input);
    if (found.kind === 'invalid') return `ERROR: ${found.error}`;
    if (found.kind === 'missing')
      return found.available.length === 0
        ? `NO MATCH: no skill named '${input}', and the procedural memory is empty. Continue without a skill.`
        : `NO MATCH: no skill named '${input}'. Available skills: ${labelList(found.available)}.`;
    const { skill } = found;
    const warning = found.kind === 'closest' ? `⚠ No skill named '${input}'. Returning the closest match: '${skill.label}'. If it is not the one you meant, call recall_skill again with one of the listed labels.` : null;
    deps.onRecalled?.(skill.label);
    if (deps.history !== undefined && inHistory(deps.history, skill.label)) return alreadyRecalledStub(skill);
    const credit = await deps.skills.creditRecall(skill.label);
    if (!credit.ok) deps.onProblem?.(`recall_skill: the recall of '${skill.label}' was not counted: ${credit.error}`);
    return recallSkillPayload(skill, warning);
  } catch (err) {
    return `ERROR: recall_skill failed: ${err instanceof Error ? err.message : String(err)}`;
  }
};
