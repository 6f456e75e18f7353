import { bm25Tokens } from '@engram/kernel';
import type { Episode } from './episode.js';
import { parseEpisodeTs } from './episode-time.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** An episode's fields as the ranked engines index them (FTS5 columns, PostgreSQL weights). */
export interface EpisodeFields {
  readonly body: string;
  /** Who said it: `meta.speaker` when the host recorded one, else the role. */
  readonly who: string;
  /** The tool it concerns and any tags the host recorded. */
  readonly tags: string;
  /** Its date as words a question can match: `May 2023`. */
  readonly day: string;
}

const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export const episodeFields = (e: Episode): EpisodeFields => {
  const ms = parseEpisodeTs(e.ts);
  const d = ms === null ? null : new Date(ms);
  return {
    body: e.content,
    who: strings(e.meta['speaker'])[0] ?? e.role,
    tags: [...strings(e.meta['tool']), ...strings(e.meta['tags'])].join(' '),
    day: d === null ? '' : `${MONTHS[d.getUTCMonth()] ?? ''} ${d.getUTCFullYear()}`,
  };
};

/** A question's words (`rankedWords`) as an FTS5 query: each quoted, any (or all) of them matching. */
export const rankedMatchQuery = (words: readonly string[], match: 'any' | 'all'): string => words.map((w) => `"${w}"`).join(match === 'all' ? ' AND ' : ' OR ');

/** A question's words as the ranked engines match them: the ranking's tokens (stop words and words under three letters dropped), once each. */
export const rankedWords = (query: string): string[] => [...new Set(bm25Tokens(query))];

/** A question for PostgreSQL's `websearch_to_tsquery`: its words joined by `or` (any may match). Null when no word is left. */
export const rankedWebQuery = (query: string): string | null => {
  const words = [...new Set(bm25Tokens(query))];
  return words.length === 0 ? null : words.join(' or ');
};
