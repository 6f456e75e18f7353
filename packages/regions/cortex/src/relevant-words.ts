/** Words shorter than this ("the", "and", "to") say nothing about relevance. */
const MIN_WORD_CHARS = 4;

/** The lower-cased words of a text worth matching on (letters and digits, 4+ characters). */
export const relevantWords = (text: string): Set<string> => new Set((text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((w) => w.length >= MIN_WORD_CHARS));

