import type { LlmFailureReason } from './llm-error.js';

/** LLM failures that mean the model could not be reached (as opposed to a turn that went wrong): exit 3. */
const UNREACHABLE: ReadonlySet<string> = new Set<LlmFailureReason>(['network', 'timeout', 'auth', 'rate_limited', 'server_error', 'cassette_miss']);

/** True when a failed turn's `llmFailure` says the model was never reached, which `run` and `chat` report as exit 3. */
export const modelUnreachable = (llmFailure: string | undefined): boolean => llmFailure !== undefined && UNREACHABLE.has(llmFailure);
