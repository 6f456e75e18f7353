import { normalizeForScreening } from './normalize-for-screening.js';
import { QUARANTINE_PATTERNS, type QuarantineReasonId } from './quarantine-patterns.js';

export interface QuarantineReason {
  readonly id: QuarantineReasonId;
  readonly reason: string;
}

/** How far back (characters) a "never"/"do not" still governs what follows it in the same clause. */
const NEGATION_REACH = 50;
const NEGATION = /\b(never|don't|do not|does not|must not|mustn't|should not|shouldn't|cannot|can't|avoid|avoiding|refrain from|no need to|instead of|rather than|not)\b/gu;
/** Words that turn a prohibition back into an order ("never refuse to reveal ..."). */
const DOUBLE_NEGATION = /\b(refuse|refusing|hesitate|fail|forget|stop|skip)\b/u;
const CLAUSE_BREAK = /[.!?;\n]/u;

/** Whether the clause that holds `at` forbids the act (a rule), rather than ordering it. */
const isForbidden = (normalized: string, at: number): boolean => {
  const before = normalized.slice(Math.max(0, at - NEGATION_REACH), at);
  const clause = before.split(CLAUSE_BREAK).at(-1) ?? '';
  const negations = [...clause.matchAll(NEGATION)];
  const last = negations.at(-1);
  if (last === undefined) return false;
  return !DOUBLE_NEGATION.test(clause.slice(last.index + last[0].length));
};

/**
 * The write-time screen (docs/memory-trust.md): every named pattern the text matches, in the
 * patterns' order; none means the text may be stored. Pure: the same text always gets the same
 * answer, so replay re-derives each quarantine from the recorded proposal.
 */
export const screenText = (text: string): QuarantineReason[] => {
  const normalized = normalizeForScreening(text);
  const out: QuarantineReason[] = [];
  for (const p of QUARANTINE_PATTERNS) {
    const hit = p.test(normalized, text);
    const fired = typeof hit === 'boolean' ? hit : hit.some((at) => p.negatable !== true || !isForbidden(normalized, at));
    if (!fired) continue;
    out.push({ id: p.id, reason: p.reason });
  }
  return out;
};
