/** Words shorter than this ("the", "and", "to") say nothing about relevance. */
const MIN_WORD_CHARS = 4;

/** The lower-cased words of a text worth matching on (letters and digits, 4+ characters). */
export const relevantWords = (text: string): Set<string> => new Set((text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((w) => w.length >= MIN_WORD_CHARS));

/**
 * True when the text shares a word with the message: the cheap, local relevance signal that
 * replaces Anton's LLM rule filter on the prompt path (§15.21). It only reorders candidates,
 * never drops one, so a miss costs nothing but position.
 */
export const sharesWord = (text: string, messageWords: ReadonlySet<string>): boolean => {
  if (messageWords.size === 0) return false;
  for (const w of relevantWords(text)) if (messageWords.has(w)) return true;
  return false;
};
