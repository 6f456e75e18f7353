import { checkConfiguredLlm, llmCheckText, LlmConfigError, resolveLlmConfig, type LlmCheckReport, type ResolvedLlmConfig } from '@engram/llm';
import { exitCodeOf } from '../exit/exit-code-of.js';
import { defaultIo, type MemoryIo } from '../memory/open-memory.js';
import { askServerForModel, llmFlagsOf, type LlmOptionValues } from './llm-options.js';

export interface LlmCheckOptions extends LlmOptionValues {
  readonly json?: boolean;
  readonly project?: string;
  readonly home?: string;
}

/**
 * `engram llm check`: resolves the settings (flags > env > project > global), asks each role's
 * model one tiny structured question and reports. Exit 0 when both answer, 1 when one does not
 * (with the reason), 2 when the settings cannot work.
 */
export const runLlmCheck = async (options: LlmCheckOptions, io: MemoryIo = defaultIo): Promise<number> => {
  let config: ResolvedLlmConfig;
  let report: LlmCheckReport;
  try {
    config = await resolveLlmConfig({ ...askServerForModel('llm check'),
      flags: llmFlagsOf(options),
      env: process.env,
      ...(options.project === undefined ? {} : { projectDir: options.project }),
      ...(options.home === undefined ? {} : { home: options.home }),
    });
    report = await checkConfiguredLlm(config);
  } catch (err) {
    if (!(err instanceof LlmConfigError)) throw err;
    io.err(`engram llm check: ${err.message}\n`);
    return exitCodeOf(err);
  }
  if (options.json === true) {
    const { ok, provider, target, models, checks } = report;
    io.out(
      `${JSON.stringify({ ok, provider, target, ...(config.record === undefined ? {} : { record: config.record }), models, sources: config.sources, checks })}\n`,
    );
  } else io.out(llmCheckText(config, report));
  return report.ok ? 0 : 1;
};
