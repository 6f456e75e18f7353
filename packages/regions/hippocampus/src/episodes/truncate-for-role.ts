import { cutChars } from '@engram/kernel';

/** Write-time limits per role, in characters (anton.md §8.2). */
export interface EpisodeWriteLimits {
  /** Anton cuts streamed assistant text to 2000. */
  readonly assistant: number;
  /** Anton cuts the string form of a multimodal user message to 2000. */
  readonly multimodalUser: number;
  /**
   * Every other role: Anton writes them uncut, so one huge tool result bloats the file and
   * every recall. Ten times what recall ever shows of a line (2000) still lets a search find
   * text deep in a result, while bounding a line.
   */
  readonly other: number;
}

export const DEFAULT_WRITE_LIMITS: EpisodeWriteLimits = { assistant: 2000, multimodalUser: 2000, other: 20_000 };

/** The content as it is written for `role`. */
export const truncateForRole = (role: string, content: string, multimodal: boolean, limits: EpisodeWriteLimits = DEFAULT_WRITE_LIMITS): string => {
  if (role === 'assistant') return cutChars(content, limits.assistant);
  if (role === 'user' && multimodal) return cutChars(content, limits.multimodalUser);
  return cutChars(content, limits.other);
};
