import { TaggedError } from '@engram/kernel';

/** What is wrong with the embedder settings: a URL without a model, or a URL that does not parse. */
export type EmbedderSettingReason = 'missing-model' | 'bad-url';

/** An embedder setting that cannot be used, naming the variable (and flag) to fix: exit 2 in the CLI, like any bad setting. */
export class EmbedderSettingError extends TaggedError('EmbedderSettingError')<{
  readonly reason: EmbedderSettingReason;
  /** The variable to set or correct: `ENGRAM_EMBED_MODEL`, `ENGRAM_EMBEDDER_URL`. */
  readonly variable: string;
  readonly message: string;
}> {}
