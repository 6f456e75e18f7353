/**
 * @engram/hippocampus/episodes: the pure core of episodic memory (the record shape, what a write
 * keeps, time keys, Anton's matcher, recall and its formatting) and the `EpisodeStore` port,
 * without the file and SQLite engines, so a database backend gives the same answers as the files
 * while loading neither.
 */
export { MEMORY_ROLES, type Episode, type StoredEpisode, type EpisodeProblem } from './episodes/episode.js';
export { EMBED_PER_QUERY, type EpisodeStore, type EpisodeRecord, type EpisodeRanking } from './episodes/episode-store.js';
export { EMBED_BATCH } from './embeddings/openai-embedder.js';
export type { EpisodeRecallRequest, EpisodeRecallOutcome } from './episodes/episodic-memory.js';
export { prepareEpisode } from './episodes/prepare-episode.js';
export { checkSessionId } from './episodes/safe-session-id.js';
export { serializeEpisode } from './episodes/serialize-episode.js';
export { episodeKey, keyAtMs, parseEpisodeTs, isoWithOffset, sessionFileTime } from './episodes/episode-time.js';
export { episodeMatcher } from './episodes/episode-matcher.js';
export { recallEpisodes, DEFAULT_MAX_RESULTS, type EpisodeSource } from './episodes/recall-episodes.js';
export { formatRecall, DEFAULT_RECALL_BUDGET_CHARS } from './episodes/format-recall.js';
export { searchEpisodes, rankedCandidates, type ScoredEpisode } from './episodes/search-episodes.js';
export { rankedWebQuery } from './episodes/episode-fields.js';
export { MAX_SCORED_ROWS, type CountedWord } from './episodes/cap-words.js';
export { rankingSteps, type RankingStep } from './episodes/ranking-steps.js';
