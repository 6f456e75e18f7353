import type { Prompt } from './ai-types.js';
import { toolResultOutcome } from './tool-result-outcome.js';

interface PromptToolResult {
  readonly id: string;
  readonly name: string;
  readonly ok: boolean;
  readonly text: string;
  /** The result comes after the last user message (it belongs to the turn that message opened). */
  readonly afterUser: boolean;
}

/** What the middleware needs from the prompt the AI SDK is about to send. */
export interface PromptReading {
  /** The prompt ends with a user message: the host is starting a new turn with it. */
  readonly endsWithUser: boolean;
  /** The text of the last user message ('' when there is none). */
  readonly userText: string;
  /** The inputs of the tool calls the assistant made, by tool call id. */
  readonly callInputs: ReadonlyMap<string, unknown>;
  /** Every tool result in the prompt, in order. */
  readonly results: readonly PromptToolResult[];
}

/**
 * Reads an AI SDK prompt (`LanguageModelV3Prompt`): the AI SDK sends the whole conversation on
 * every step, so a step's tool results are the ones not seen before, and a prompt that ends with
 * a user message is a new turn.
 */
export const readPrompt = (prompt: Prompt): PromptReading => {
  let lastUser = -1;
  prompt.forEach((m, i) => {
    if (m.role === 'user') lastUser = i;
  });
  const user = lastUser < 0 ? undefined : prompt[lastUser];
  const userText = user?.role === 'user' ? user.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n') : '';
  const callInputs = new Map<string, unknown>();
  const results: PromptToolResult[] = [];
  prompt.forEach((m, i) => {
    if (m.role !== 'assistant' && m.role !== 'tool') return;
    for (const part of m.content) {
      if (part.type === 'tool-call') callInputs.set(part.toolCallId, part.input);
      else if (part.type === 'tool-result') results.push({ id: part.toolCallId, name: part.toolName, ...toolResultOutcome(part.output), afterUser: i > lastUser });
    }
  });
  return { endsWithUser: prompt.at(-1)?.role === 'user', userText, callInputs, results };
};
