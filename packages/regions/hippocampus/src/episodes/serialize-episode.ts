import type { Episode } from './episode.js';

/**
 * One JSONL line (with its newline) in Anton's key order. JSON.stringify keeps non-ASCII as-is,
 * like Anton's `ensure_ascii=False`, and escapes U+2028/9 and control characters, so a record
 * is always exactly one line.
 */
export const serializeEpisode = (episode: Episode): string =>
  `${JSON.stringify({ ts: episode.ts, session: episode.session, turn: episode.turn, role: episode.role, content: episode.content, meta: episode.meta })}\n`;
