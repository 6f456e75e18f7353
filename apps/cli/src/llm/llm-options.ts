import type { OptionSpec } from '../commands/command-spec.js';
import { numberOption, opt } from '../commands/shared-options.js';

/** The options every command that uses a model takes (issue 3), as commander parses them. */
export interface LlmOptionValues {
  readonly llm?: string;
  readonly planningModel?: string;
  readonly codingModel?: string;
  readonly record?: string;
  readonly timeout?: number;
}

/** A per-call timeout of up to an hour, in milliseconds. */
const timeoutMs = numberOption({ kind: 'integer', min: 1, max: 3_600_000 });

/** `--llm`, `--planning-model`, `--coding-model`, `--record` and `--timeout`: every command that uses a model takes them. */
export const LLM_OPTIONS: readonly OptionSpec[] = [
  opt('--llm <provider>', 'anthropic | openai | scripted:FILE (env ENGRAM_LLM)'),
  opt('--planning-model <model>', 'model for planning calls (env ENGRAM_PLANNING_MODEL)'),
  opt('--coding-model <model>', 'model for coding calls (env ENGRAM_CODING_MODEL)'),
  opt('--record <file>', 'also write every answer of the real provider to this cassette'),
  opt('--timeout <ms>', 'per-call timeout in milliseconds', timeoutMs),
];

/** The flags part of `resolveLlmConfig`'s input. */
export const llmFlagsOf = (o: LlmOptionValues) => ({
  ...(o.llm === undefined ? {} : { llm: o.llm }),
  ...(o.planningModel === undefined ? {} : { planningModel: o.planningModel }),
  ...(o.codingModel === undefined ? {} : { codingModel: o.codingModel }),
  ...(o.record === undefined ? {} : { record: o.record }),
  ...(o.timeout === undefined ? {} : { timeoutMs: o.timeout }),
});

/**
 * For a command a person runs: an openai provider given no model asks the server's model list and
 * uses its only model, saying so on stderr (never stdout: `--json` output stays clean).
 */
export const askServerForModel = (command: string) => ({
  askServerForModel: true,
  onNote: (text: string) => process.stderr.write(`engram ${command}: ${text}\n`),
});
