import type { ErrorClass } from './error-class.js';
import { errorHeadline } from './error-headline.js';
import { ERROR_RULES } from './error-rules.js';
import { RECOVERY_HINTS } from './recovery-hints.js';

export interface ErrorVerdict {
  readonly errorClass: ErrorClass;
  readonly hint: string;
}

const firstMatch = (text: string): ErrorClass | null => {
  if (text === '') return null;
  for (const rule of ERROR_RULES) if (rule.patterns.some((p) => p.test(text))) return rule.errorClass;
  return null;
};

/**
 * Classifies an error text (pure, deterministic): the rule table is tried on the headline first,
 * then on the whole text, so a traceback's final exception decides before any word quoted from
 * the code above it. Nothing matching is `unknown`, which has its own hint too.
 */
export const classifyError = (text: string): ErrorVerdict => {
  const errorClass = firstMatch(errorHeadline(text)) ?? firstMatch(text) ?? 'unknown';
  return { errorClass, hint: RECOVERY_HINTS[errorClass] };
};
