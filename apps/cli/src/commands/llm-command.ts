import { LLM_OPTIONS } from '../llm/llm-options.js';
import type { LlmCheckOptions } from '../llm/run-llm-check.js';
import type { CommandSpec } from './command-spec.js';
import { ROOTS, opt } from './shared-options.js';

/** `engram llm ...`: the LLM port's commands (issue 3). The port loads only when one runs. */
export const llmCommand: CommandSpec = {
  name: 'llm',
  description: 'the LLM port: providers, models, cassettes',
  commands: [
    { name: 'check', description: 'print the active provider and models and whether they answer (exit 0 yes, 1 no, 2 bad settings)', options: [...LLM_OPTIONS, opt('--json', 'print one JSON object instead of text'), ...ROOTS],
      run: async (o: LlmCheckOptions) => (await import('../llm/run-llm-check.js')).runLlmCheck(o) },
  ],
};
