import type { StoredEpisode } from './episode.js';

/** Where recall reads episodes: the SQLite index, or an in-memory list in tests. */
export interface EpisodeSource {
  /** Episodes containing `query` (case-insensitive), newest first, at most `limit`. */
  matches(query: string, options: { readonly sinceMs?: number; readonly limit: number }): readonly StoredEpisode[];
  /** Every episode of one turn of one file, in file order. */
  turn(file: string, session: string, turn: number): readonly StoredEpisode[];
}

export interface RecallOptions {
  /** The most matching episodes returned (Anton counted turns, anton.md §15.29). Default 20. */
  readonly maxResults?: number;
  /** Only episodes whose own time is within this many days of `nowMs` (Anton read file names only). */
  readonly daysBack?: number;
  readonly nowMs: number;
}

export interface RecalledEpisode {
  readonly episode: StoredEpisode;
  /** True for a matching episode; false for context from its turn. */
  readonly hit: boolean;
}

/** One matched turn with its context (and, for a matching user message, the turn that answered it), oldest first. */
export interface RecalledGroup {
  readonly file: string;
  readonly session: string;
  readonly episodes: readonly RecalledEpisode[];
}

export interface EpisodeRecall {
  readonly query: string;
  /** Newest first. */
  readonly groups: readonly RecalledGroup[];
  readonly hits: number;
}

export const DEFAULT_MAX_RESULTS = 20;
const DAY_MS = 86_400_000;
/** A user message's following turn is pulled in when it holds one of these (Anton §8.3). */
const ANSWER_ROLES: ReadonlySet<string> = new Set(['assistant', 'tool_result', 'scratchpad']);

const turnKey = (file: string, session: string, turn: number): string => `${file}\u0000${session}\u0000${turn}`;

/**
 * Anton's recall with its gaps closed: the newest `maxResults` matching episodes (not turns),
 * each shown with the rest of its turn; a matching user message also brings the next turn
 * (its answer) when that holds an answer. `daysBack` compares record times. Groups come newest
 * first, episodes within a group oldest first.
 */
export const recallEpisodes = (source: EpisodeSource, query: string, options: RecallOptions): EpisodeRecall => {
  const maxResults = options.maxResults ?? DEFAULT_MAX_RESULTS;
  if (query === '' || maxResults <= 0) return { query, groups: [], hits: 0 };
  const sinceMs = options.daysBack === undefined ? undefined : options.nowMs - options.daysBack * DAY_MS;
  const hits = source.matches(query, sinceMs === undefined ? { limit: maxResults } : { sinceMs, limit: maxResults });
  const hitKeys = new Set(hits.map((h) => h.key));
  const groups: { file: string; session: string; episodes: StoredEpisode[] }[] = [];
  const seen = new Set<string>();
  for (const hit of hits) {
    const key = turnKey(hit.file, hit.session, hit.turn);
    if (seen.has(key)) continue;
    seen.add(key);
    const episodes = [...source.turn(hit.file, hit.session, hit.turn)];
    if (!episodes.some((e) => e.key === hit.key)) episodes.push(hit); // indexed between the two reads
    if (hit.role === 'user') {
      const nextKey = turnKey(hit.file, hit.session, hit.turn + 1);
      if (!seen.has(nextKey)) {
        const next = source.turn(hit.file, hit.session, hit.turn + 1);
        if (next.some((e) => ANSWER_ROLES.has(e.role))) {
          seen.add(nextKey);
          episodes.push(...next);
        }
      }
    }
    episodes.sort((a, b) => a.turn - b.turn || a.line - b.line);
    groups.push({ file: hit.file, session: hit.session, episodes });
  }
  return {
    query,
    hits: hits.length,
    groups: groups.map((g) => ({ file: g.file, session: g.session, episodes: g.episodes.map((episode) => ({ episode, hit: hitKeys.has(episode.key) })) })),
  };
};
