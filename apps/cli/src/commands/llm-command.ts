import type { Command } from 'commander';

/** `engram llm ...`: the LLM port's commands (issue 3). */
export const registerLlm = (_program: Command): void => {};
