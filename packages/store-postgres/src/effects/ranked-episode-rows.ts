import { bm25Idf, RECALL_FIELD_WEIGHTS } from '@engram/kernel';
import { MAX_SCORED_ROWS, MEMORY_ROLES, rankingSteps, type RankingStep } from '@engram/hippocampus/episodes';
import type { PoolClient } from 'pg';
import { ownTenant } from '../own-tenant.js';
import { episodeWordCounts, type QueryWord } from './episode-word-counts.js';
import type { PostgresDb } from './open-postgres.js';
import { readOnlyTransaction } from './read-only-transaction.js';

/**
 * Ranked recall's planner switches: never a full scan of the project (the policy's index or the key
 * index instead), and no JIT compilation, which costs tens of ms where a question is a few ms of
 * work (a walk of the keys for a common word is estimated past `jit_above_cost`).
 */
const RANKED = { enable_seqscan: 'off', jit: 'off' } as const;
const NOT_RECALLED = [...MEMORY_ROLES];

/** A candidate of ranked recall: its key and its score. */
interface RankedRow {
  readonly key: string;
  readonly score: number;
}

/**
 * The best `limit` candidates of ranked recall over the project's keys at or after `since`:
 * PostgreSQL full-text search over the `terms` column (migration 16), each row's score the sum over
 * its step's words of the word's idf times `ts_rank_cd` with the ranking core's field weights. The
 * rows scored are those `rankingSteps` chooses from the kept counts (`episodeWordCounts`): every row
 * of the words kept within `MAX_SCORED_ROWS`, coordination levels past it; each row is kept once,
 * with its first step's score. Keys and scores only: the records are read for the best rows alone.
 */
export const rankedEpisodeRows = async (db: PostgresDb, projectId: string, words: readonly string[], since: string, limit: number): Promise<RankedRow[]> =>
  readOnlyTransaction(db, RANKED, async (c) => {
    const counted = await episodeWordCounts(c, projectId, words);
    const found = new Map<string, RankedRow>();
    for (const step of rankingSteps(counted.words, limit)) {
      if (found.size >= limit) break;
      for (const row of await scoredStep(c, projectId, since, limit, counted.total, step)) if (!found.has(row.key)) found.set(row.key, row);
    }
    return [...found.values()].slice(0, limit);
  });

/** One step's best `limit` rows, keys and scores, in `rankedEpisodeRows`'s transaction on `c`. */
const scoredStep = async (c: PoolClient, projectId: string, since: string, limit: number, total: number, step: RankingStep<QueryWord>): Promise<RankedRow[]> => {
  // The policy matches `terms` against the transaction's `engram.episode_terms` (migration 18):
  // under row-level security a policy's condition may use the GIN index, a WHERE @@ may not (it is
  // not leakproof). The planner sees the setting's query when it estimates, so it chooses: the GIN
  // index for a rare word or a conjunction, the key index newest first for a word in a good share
  // of the rows.
  const set =
    step.match === 'any'
      ? await c.query<{ q: string }>("SELECT set_config('engram.episode_terms', websearch_to_tsquery('english', $1)::text, true) AS q", [step.words.map((k) => k.word).join(' or ')])
      : await c.query<{ q: string }>("SELECT set_config('engram.episode_terms', $1::tsquery::text, true) AS q", [step.words.map((k) => `(${k.query})`).join(' & ')]);
  // No word with a lexeme (stop words only): the policy would pass every row, and nothing matches.
  if ((set.rows[0]?.q ?? '') === '') return [];
  const w = RECALL_FIELD_WEIGHTS;
  // Each word's idf times its rank, summed in the words' order: one expression, its queries parsed once (not once a row).
  const score = step.words.map((_, i) => `$${6 + 2 * i}::float8 * ts_rank_cd($5::float4[], m.terms, $${7 + 2 * i}::tsquery)`).join(' + ');
  // The newest `window` matches (every match when the step knows they fit the cap), then scored.
  // The match is the policy's alone: the same condition again in WHERE would be counted twice by the planner, which then misjudged a walk of the keys.
  const r = await c.query<RankedRow>(
    `SELECT m.key::text AS key, ${score} AS score
     FROM (SELECT e.key, e.terms FROM engram_episodes e WHERE ${ownTenant('e')} AND e.project = $1 AND e.key >= $2 AND e.role <> ALL($3::text[]) ORDER BY e.key DESC LIMIT ${step.window ?? MAX_SCORED_ROWS}) AS m
     ORDER BY score DESC, m.key DESC LIMIT $4`,
    [projectId, since, NOT_RECALLED, limit, [w.date, w.tags, w.who, w.text], ...step.words.flatMap((k) => [bm25Idf(total, k.n), k.query])],
  );
  return r.rows;
};
