export {
  Llm,
  makeLlm,
  DEFAULT_BUDGETS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_COMPLETE_MAX_TOKENS,
  type LlmShape,
  type LlmSettings,
  type GenerateObjectOptions,
  type CompleteRequest,
} from './llm.js';
export { LlmError, isLlmError, isRetryable, type LlmFailureReason } from './llm-error.js';
export { LlmConfigError, type LlmConfigReason } from './llm-config-error.js';
export { LlmTransport, type LlmTransportShape, type SendHooks } from './llm-transport.js';
export {
  layerLlm,
  layerAnthropic,
  layerOpenAi,
  layerScripted,
  layerRecording,
  layerAnthropicTransport,
  layerOpenAiTransport,
  layerScriptedTransport,
  layerRecordingTransport,
} from './llm-layers.js';
export { makeAnthropicTransport, type AnthropicTransportConfig } from './anthropic-transport.js';
export { makeOpenAiTransport, type OpenAiTransportConfig, type OpenAiStructuredMode } from './openai-transport.js';
export { makeScriptedTransport } from './scripted-transport.js';
export { makeRecordingTransport, type RecordingOptions } from './recording-transport.js';
export { makeTransport } from './make-transport.js';
export { createLlmClient, type LlmClient, type LlmClientOptions, type LlmStreamEvent, type CallControl, type StreamControl } from './create-llm-client.js';
export { clientOptionsOf } from './client-options-of.js';
export { modelUnreachable } from './model-unreachable.js';
export {
  resolveLlmConfig,
  DEFAULT_ANTHROPIC_MODELS,
  DEFAULT_OPENAI_BASE_URL,
  type LlmFlags,
  type ResolveLlmConfigInput,
  type ResolvedLlmConfig,
  type SettingSource,
} from './resolve-llm-config.js';
export { describeProvider, type ProviderConfig } from './provider-config.js';
export {
  CassetteSchema,
  CassetteEntrySchema,
  CassetteMatchSchema,
  CASSETTE_VERSION,
  type Cassette,
  type CassetteEntry,
  type CassetteMatch,
} from './cassette.js';
export { readCassette, writeCassette, parseCassette, CassetteFileError } from './effects/cassette-file.js';
export { requestHash } from './request-hash.js';
export { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retry-policy.js';
export { estimateCost, DEFAULT_PRICES, type ModelPrice } from './estimate-cost.js';
export { structuredTool, type StructuredTool } from './structured-tool.js';
export { zodTool } from './zod-tool.js';
export {
  InputBlockSchema,
  LlmMessageSchema,
  LlmToolSchema,
  ToolChoiceSchema,
  LlmRequestSchema,
  LlmResponseSchema,
  type InputBlock,
  type LlmMessage,
  type LlmTool,
  type ToolChoice,
  type LlmRequest,
  type LlmResponse,
  type LlmModels,
  type LlmRole,
} from './llm-types.js';
export { checkLlm, checkConfiguredLlm, type LlmCheckReport, type LlmRoleCheck } from './check-llm.js';
export { llmCheckText } from './llm-check-text.js';
