/** Anton's estimate (anton.md §6.6): one token is about four characters. */
export const CHARS_PER_TOKEN = 4;

/** Tokens of a text as every budget in engram counts them (the prompt block, primers, recall). */
export const estimateTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);
