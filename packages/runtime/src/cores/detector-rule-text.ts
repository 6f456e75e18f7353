import { ACC_RULES } from '@engram/acc';

const fold = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The detectors' fixed rule sentences, folded: the same words whatever the call, so not a lesson about any call. */
const DETECTOR_TEXTS: ReadonlySet<string> = new Set(Object.values(ACC_RULES).map((r) => fold(r.rule)));

/**
 * True for a stored entry that only restates a detector's rule (issue 24: "generic restatements
 * of a detector's rule are not new lessons"). It may stand in the memory block, but is never put
 * before a call: it says nothing about the call it would be shown before.
 */
export const isDetectorRuleText = (text: string): boolean => DETECTOR_TEXTS.has(fold(text));
