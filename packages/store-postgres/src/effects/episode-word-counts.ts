import { MAX_SCORED_ROWS, type CountedWord } from '@engram/hippocampus/episodes';
import type { PoolClient } from 'pg';
import { ownTenant } from '../own-tenant.js';

/** A question word of ranked recall, counted, with its query (`plainto_tsquery`'s text). */
export interface QueryWord extends CountedWord {
  readonly query: string;
}

/**
 * Each question word's rows in the project and the project's rows, for ranked recall's idf and
 * cap, in one statement whatever the project's size: read from the counts migration 19 keeps. A
 * word of one lexeme is counted exactly. A word of several (`read_file`: 'read' & 'file') matches
 * the rows holding all of them, which no kept count says: it is counted through the GIN index (the
 * table's restrictive policy, as `search` does) up to just past `MAX_SCORED_ROWS`, all the cap
 * needs. Stop words (no lexeme) are left out. Runs in `search`'s read-only transaction on `c`.
 */
export const episodeWordCounts = async (c: PoolClient, projectId: string, words: readonly string[]): Promise<{ readonly words: QueryWord[]; readonly total: number }> => {
  const r = await c.query<{ word: string; query: string; lexemes: number; n: string | null; total: string | null }>(
    `SELECT u.word, u.q::text AS query, numnode(u.q) AS lexemes,
            (SELECT k.n::text FROM engram_episode_words k WHERE ${ownTenant('k')} AND k.project = $1 AND k.word = u.lexeme) AS n,
            (SELECT t.n::text FROM engram_episode_words t WHERE ${ownTenant('t')} AND t.project = $1 AND t.word = '') AS total
     FROM (SELECT w, plainto_tsquery('english', w), (SELECT lexeme FROM unnest(to_tsvector('english', w)) LIMIT 1), i FROM unnest($2::text[]) WITH ORDINALITY AS x(w, i)) AS u(word, q, lexeme, i)
     ORDER BY u.i`,
    [projectId, words],
  );
  const out: QueryWord[] = [];
  for (const row of r.rows) {
    if (row.query === '') continue;
    out.push({ word: row.word, query: row.query, n: row.lexemes === 1 ? Number(row.n ?? 0) : await countThroughIndex(c, projectId, row.query) });
  }
  return { words: out, total: Number(r.rows[0]?.total ?? 0) };
};

/** A query's rows in the project through the policy's GIN index, up to just past `MAX_SCORED_ROWS`; the policy's query is left set. */
const countThroughIndex = async (c: PoolClient, projectId: string, query: string): Promise<number> => {
  await c.query("SELECT set_config('engram.episode_terms', $1, true)", [query]);
  const r = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM engram_episodes e WHERE ${ownTenant('e')} AND e.project = $1 LIMIT $2) AS t`, [projectId, MAX_SCORED_ROWS + 1]);
  return r.rows[0]?.n ?? 0;
};
