import type { LlmClientOptions } from './create-llm-client.js';
import type { ResolvedLlmConfig } from './resolve-llm-config.js';

/** The client settings a resolved config gives (provider, models, timeout, retries, recording): one reading for every command and the chat. */
export const clientOptionsOf = (config: ResolvedLlmConfig): Omit<LlmClientOptions, 'sink'> => ({
  provider: config.provider,
  models: config.models,
  ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
  ...(config.maxRetries === undefined ? {} : { retry: { maxRetries: config.maxRetries } }),
  ...(config.record === undefined ? {} : { record: config.record }),
});
