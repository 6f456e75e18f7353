import { fuseRankings, orderRecall, spreadToNeighbours } from '@engram/kernel';
import { parseEpisodeTs } from './episode-time.js';
import type { StoredEpisode } from './episode.js';
import type { EpisodeRecall, RecalledGroup } from './recall-episodes.js';

/** An episode a lexical engine found for a question, with its engine score (higher is better). */
export interface ScoredEpisode {
  readonly episode: StoredEpisode;
  readonly score: number;
}

/** Where ranked recall reads: an engine's best candidates for a question, and the episodes of one turn. */
export interface RankedEpisodeSource {
  /** At most `limit` episodes sharing a term with `query`, best first (FTS5 bm25, PostgreSQL ts_rank_cd). */
  ranked(query: string, options: { readonly sinceMs?: number; readonly limit: number }): readonly ScoredEpisode[];
  /** Every episode of one turn of one file, in file order. */
  turn(file: string, session: string, turn: number): readonly StoredEpisode[];
}

/**
 * Candidates taken from the engine per result shown: the recency prior and duplicate merging can
 * reorder only what the engine returned, so it returns a few times what a call shows.
 */
const CANDIDATES_PER_RESULT = 3;

/** How many candidates to ask the engine for, for `maxResults` shown. */
export const rankedCandidates = (maxResults: number): number => Math.max(0, maxResults) * CANDIDATES_PER_RESULT;

/** A turn of one session of one file, as a key: `turn` defaults to the episode's own. */
const turnKey = (e: StoredEpisode, turn = e.turn): string => `${e.file}\u0000${e.session}\u0000${turn}`;

/**
 * The candidates of the turns just before and after each candidate's, in its session of its file,
 * found through one index of the candidates by turn (built once per question, not once per call).
 */
const neighbourCandidates = (candidates: readonly ScoredEpisode[]): ((i: number) => number[]) => {
  const byTurn = new Map<string, number[]>();
  candidates.forEach((c, i) => {
    const key = turnKey(c.episode);
    const list = byTurn.get(key);
    if (list === undefined) byTurn.set(key, [i]);
    else list.push(i);
  });
  return (i) => {
    const e = candidates[i]?.episode;
    return e === undefined ? [] : [e.turn - 1, e.turn + 1].flatMap((turn) => byTurn.get(turnKey(e, turn)) ?? []);
  };
};

/**
 * The candidates, then one episode (the first) of each turn just before or after a candidate's that
 * has none, at score 0: the share `spreadToNeighbours` gives it is its whole score. The engine
 * finds the turns that share the question's words; the answer is often the turn next to one, which
 * shares none (the memory block's entries have every neighbour of their sitting for the same
 * reason). One episode stands for its turn, since a hit is shown with its whole turn.
 */
const withNeighbourTurns = (candidates: readonly ScoredEpisode[], turnOf: RankedEpisodeSource['turn']): ScoredEpisode[] => {
  const seen = new Set(candidates.map((c) => turnKey(c.episode)));
  const out = [...candidates];
  for (const { episode } of candidates)
    for (const turn of [episode.turn - 1, episode.turn + 1]) {
      if (seen.has(turnKey(episode, turn))) continue;
      seen.add(turnKey(episode, turn));
      const first = turnOf(episode.file, episode.session, turn)[0];
      if (first !== undefined) out.push({ episode: first, score: 0 });
    }
  return out;
};

/** Both lists' episodes, each scored by reciprocal rank fusion of its place in the words' order and in the meaning's. */
const fused = (lexical: readonly ScoredEpisode[], meaning: readonly ScoredEpisode[]): ScoredEpisode[] => {
  const byKey = new Map<number, ScoredEpisode['episode']>();
  for (const c of [...lexical, ...meaning]) byKey.set(c.episode.key, c.episode);
  const order = (list: readonly ScoredEpisode[]): number[] => [...list].sort((a, b) => b.score - a.score || b.episode.key - a.episode.key).map((c) => c.episode.key);
  return [...fuseRankings([order(lexical), order(meaning)])].map(([key, score]) => ({ episode: byKey.get(key)!, score }));
};

/**
 * Ranked recall: the engine's candidates and the turns next to them (`withNeighbourTurns`) put in
 * the final order by the kernel's ranking core (a share of each candidate's score to the turns one
 * and two steps from it, `spreadToNeighbours`;
 * `orderRecall`: recency prior from the newest candidate, duplicates of one text merged), the best
 * `maxResults` kept, each shown with the rest of its turn and the turn after it (in a conversation
 * the next turn is usually the reply to it). Groups come best first; a turn is shown once.
 * `meaning`: the episodes nearest the question by an embedder's vectors, fused with the words'.
 */
export const searchEpisodes = (found: readonly ScoredEpisode[], turnOf: RankedEpisodeSource['turn'], query: string, maxResults: number, meaning: readonly ScoredEpisode[] = []): EpisodeRecall => {
  const candidates = withNeighbourTurns(found, turnOf);
  const spread = spreadToNeighbours(new Map(candidates.flatMap((c, i) => (c.score > 0 ? [[i, c.score] as const] : []))), neighbourCandidates(candidates));
  // A neighbouring turn no share reached is not a candidate (nor, with an embedder, ranked by reciprocal rank).
  const lexical = candidates.map((c, i) => ({ episode: c.episode, score: spread.get(i) ?? c.score })).filter((c) => c.score > 0);
  // With an embedder: the words' order and the meaning's order fused by reciprocal rank (`fuseRankings`), over both lists' episodes.
  const pool = meaning.length === 0 ? lexical : fused(lexical, meaning);
  const ordered = orderRecall(
    pool.map((c) => ({ item: c.episode, score: c.score, atMs: parseEpisodeTs(c.episode.ts), key: c.episode.content.replace(/\s+/g, ' ').trim().toLowerCase(), tie: -c.episode.key })),
    { limit: maxResults },
  ).map((c) => c.item);
  const hitKeys = new Set(ordered.map((h) => h.key));
  const shown = new Set<number>();
  const groups: RecalledGroup[] = [];
  for (const hit of ordered) {
    if (shown.has(hit.key)) continue;
    const episodes = [...turnOf(hit.file, hit.session, hit.turn), ...turnOf(hit.file, hit.session, hit.turn + 1)].filter((e) => !shown.has(e.key));
    if (!episodes.some((e) => e.key === hit.key)) episodes.unshift(hit);
    episodes.sort((a, b) => a.turn - b.turn || a.line - b.line);
    for (const e of episodes) shown.add(e.key);
    groups.push({ file: hit.file, session: hit.session, episodes: episodes.map((episode) => ({ episode, hit: hitKeys.has(episode.key) })) });
  }
  return { query, hits: ordered.length, groups };
};
