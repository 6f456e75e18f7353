/** Anton's estimate (anton.md §6.6): one token is about four characters. */
export const CHARS_PER_TOKEN = 4;

export const estimateTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);
