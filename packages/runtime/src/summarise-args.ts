import { scrubSecrets } from '@engram/kernel';

/** Anton's args_summary: the input as text, first 120 characters. */
const ARGS_SUMMARY_CHARS = 120;

export const summariseArgs = (input: unknown): string => {
  let text: string;
  try {
    text = typeof input === 'string' ? input : (JSON.stringify(input) ?? String(input));
  } catch {
    text = String(input);
  }
  return scrubSecrets(text).slice(0, ARGS_SUMMARY_CHARS);
};
