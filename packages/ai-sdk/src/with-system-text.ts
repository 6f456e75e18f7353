import type { Prompt } from './ai-types.js';

/**
 * The prompt with `text` as one more system message right after the host's own leading system
 * messages (or first, when there are none). The host's messages are left as they are; providers
 * that allow system text only at the start (Anthropic) still accept it there.
 */
export const withSystemText = (prompt: Prompt, text: string): Prompt => {
  if (text.trim() === '') return prompt;
  let at = 0;
  while (prompt[at]?.role === 'system') at += 1;
  return [...prompt.slice(0, at), { role: 'system', content: text }, ...prompt.slice(at)];
};
