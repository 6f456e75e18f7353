import { scrubSecrets, scrubValue } from '@engram/kernel';
import type { Episode } from './episode.js';
import { DEFAULT_WRITE_LIMITS, truncateForRole, type EpisodeWriteLimits } from './truncate-for-role.js';

export interface PrepareEpisodeOptions {
  /** Default: the kernel's secret scrubber. */
  readonly scrub?: (text: string) => string;
  readonly limits?: EpisodeWriteLimits;
  /** The content is the string form of a multimodal user message (cut to 2000 as Anton). */
  readonly multimodal?: boolean;
}

/**
 * A record as every episode backend stores it: content and meta scrubbed of secrets, content cut
 * to its role's limit (anton.md §8.2). One function, so the files and a database keep the same text.
 */
export const prepareEpisode = (episode: Episode, options: PrepareEpisodeOptions = {}): Episode => {
  const scrub = options.scrub ?? scrubSecrets;
  const content = truncateForRole(episode.role, scrub(episode.content), options.multimodal ?? false, options.limits ?? DEFAULT_WRITE_LIMITS);
  const meta = scrubValue(episode.meta, { scrub }) as Episode['meta'];
  return { ...episode, content, meta };
};
