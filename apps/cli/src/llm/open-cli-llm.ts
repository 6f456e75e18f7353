import { clientOptionsOf, createLlmClient, resolveLlmConfig, type LlmClient } from '@engram/llm';
import { askServerForModel, llmFlagsOf, type LlmOptionValues } from './llm-options.js';

/**
 * A model client for a CLI command outside a session (compaction, skill drafts): settings from the
 * command's flags, then the environment, then the project's and the global config. Its events go
 * nowhere (there is no session log to record them in). Throws `LlmConfigError` on bad settings.
 */
export const openCliLlm = async (options: LlmOptionValues, roots: { readonly projectDir: string; readonly home: string }): Promise<LlmClient> => {
  const config = await resolveLlmConfig({ ...askServerForModel('llm'), flags: llmFlagsOf(options), env: process.env, projectDir: roots.projectDir, home: roots.home });
  return createLlmClient({ ...clientOptionsOf(config), sink: { publish: () => undefined } });
};
