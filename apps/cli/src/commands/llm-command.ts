import type { Command } from 'commander';
import { addLlmOptions } from '../llm/llm-options.js';
import type { LlmCheckOptions } from '../llm/run-llm-check.js';

/** `engram llm ...`: the LLM port's commands (issue 3). The port loads only when one runs. */
export const registerLlm = (program: Command): void => {
  const llm = program.command('llm').description('the LLM port: providers, models, cassettes');
  addLlmOptions(
    llm.command('check').description('print the active provider and models and whether they answer (exit 0 yes, 1 no, 2 bad settings)'),
  )
    .option('--json', 'print one JSON object instead of text')
    .option('--project <dir>', 'project folder whose .engram/config.json is read (default: .)')
    .option('--home <dir>', 'global root (default: $ENGRAM_HOME or ~/.engram)')
    .action(async (options: LlmCheckOptions) => {
      const { runLlmCheck } = await import('../llm/run-llm-check.js');
      process.exitCode = await runLlmCheck(options);
    });
};
