import { MEMORY_ROLES, type StoredEpisode } from './episode.js';
import { episodeMatcher } from './episode-matcher.js';
import { keyAtMs } from './episode-time.js';
import type { EpisodeSource } from './recall-episodes.js';

/**
 * An `EpisodeSource` over episodes held in memory: a plain scan with the same semantics as the
 * SQLite index (memory roles left out, newest key first). Tests check the index against it.
 */
export const memoryEpisodeSource = (records: readonly StoredEpisode[]): EpisodeSource => {
  const episodes = records.filter((e) => !MEMORY_ROLES.has(e.role)).sort((a, b) => b.key - a.key);
  return {
    matches: (query, { sinceMs, limit }) => {
      if (query === '' || limit <= 0) return [];
      const match = episodeMatcher(query);
      const since = sinceMs === undefined ? 0 : keyAtMs(sinceMs);
      const out: StoredEpisode[] = [];
      for (const e of episodes) {
        if (e.key < since) break;
        if (match(e.content)) out.push(e);
        if (out.length >= limit) break;
      }
      return out;
    },
    turn: (file, session, turn) => episodes.filter((e) => e.file === file && e.session === session && e.turn === turn).sort((a, b) => a.line - b.line),
  };
};
