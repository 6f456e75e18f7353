import { makeAnthropicTransport } from './anthropic-transport.js';
import type { Cassette } from './cassette.js';
import { CassetteFileError, readCassette } from './effects/cassette-file.js';
import { LlmConfigError } from './llm-config-error.js';
import type { LlmTransportShape } from './llm-transport.js';
import type { LlmModels } from './llm-types.js';
import { makeOpenAiTransport } from './openai-transport.js';
import type { ProviderConfig } from './provider-config.js';
import { makeRecordingTransport, type RecordingOptions } from './recording-transport.js';
import { makeScriptedTransport } from './scripted-transport.js';

export interface MadeTransport {
  readonly transport: LlmTransportShape;
  /** The cassette, when the provider is scripted (its recorded models fill unset ones). */
  readonly cassette?: Cassette;
}

/**
 * The transport for a provider config, wrapped in a recorder when `record` is given. An
 * unreadable cassette is a configuration error (`LlmConfigError`), raised here, before any call.
 */
export const makeTransport = async (
  provider: ProviderConfig,
  options: {
    readonly timeoutMs?: number;
    readonly record?: RecordingOptions;
    readonly models?: Partial<LlmModels>;
  } = {},
): Promise<MadeTransport> => {
  let made: MadeTransport;
  switch (provider.type) {
    case 'anthropic':
      made = {
        transport: makeAnthropicTransport({
          apiKey: provider.apiKey,
          ...(provider.baseUrl === undefined ? {} : { baseUrl: provider.baseUrl }),
          ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        }),
      };
      break;
    case 'openai':
      made = { transport: makeOpenAiTransport(provider) };
      break;
    case 'scripted': {
      const cassette = await readCassette(provider.file).catch((err: unknown) => {
        throw err instanceof CassetteFileError ? new LlmConfigError({ reason: 'bad-cassette', message: err.message }) : err;
      });
      return {
        transport: makeScriptedTransport(cassette, provider.file),
        cassette,
      };
    }
  }
  return options.record === undefined ? made : { transport: makeRecordingTransport(made.transport, options.record) };
};
