import { TaggedError } from '@engram/kernel';

/**
 * Why the model settings cannot work: a config file that is not JSON or breaks its schema, an
 * unknown provider, a missing key or model, a flag combination that cannot run, a cassette to replay
 * that cannot be read.
 */
export type LlmConfigReason = 'bad-file' | 'unknown-provider' | 'missing-key' | 'missing-model' | 'bad-combination' | 'bad-cassette';

/** Settings that cannot work (unknown provider, missing key, bad config file): a usage error, exit 2. */
export class LlmConfigError extends TaggedError('LlmConfigError')<{ readonly reason: LlmConfigReason; readonly message: string; readonly cause?: unknown }> {}
