/**
 * One episodic record, in Anton's JSONL shape (anton.md §8.1): keys `ts`, `session`, `turn`,
 * `role`, `content`, `meta`, in that order, one JSON object per line.
 */
export interface Episode {
  /** ISO-8601 UTC with an offset, e.g. `2026-02-27T14:30:52.123+00:00` (Anton writes microseconds). */
  readonly ts: string;
  readonly session: string;
  readonly turn: number;
  readonly role: string;
  readonly content: string;
  readonly meta: Readonly<Record<string, unknown>>;
}

/** The roles Anton's session writes (§8.1); other strings are read and kept, never refused. */
export const EPISODE_ROLES = ['user', 'assistant', 'tool_call', 'tool_result', 'scratchpad', 'memory_read', 'memory_write'] as const;
export type EpisodeRole = (typeof EPISODE_ROLES)[number];

/** Memory bookkeeping roles: Anton's recall drops them, so the index never holds them. */
export const MEMORY_ROLES: ReadonlySet<string> = new Set(['memory_read', 'memory_write']);

/** An episode as the index serves it: where it lives and its ordering key. */
export interface StoredEpisode extends Episode {
  /** The JSONL file name (not a path), e.g. `20260227_143052_ab12.jsonl`. */
  readonly file: string;
  /** 1-based line number in that file. */
  readonly line: number;
  /** Orders episodes by record time, newest largest (see `episodeKey`). */
  readonly key: number;
}

/** A line that could not be read: reported with its place, then skipped (never fatal). */
export interface EpisodeProblem {
  readonly file: string;
  readonly line: number;
  readonly reason: string;
}
