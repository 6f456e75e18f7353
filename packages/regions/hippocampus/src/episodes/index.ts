// Episodic memory: per-session JSONL logs (the truth) and their SQLite FTS5 recall index.
export { EPISODE_ROLES, MEMORY_ROLES, type Episode, type EpisodeRole, type StoredEpisode, type EpisodeProblem } from './episode.js';
export { EpisodeLog, type EpisodeLogOptions, type LogResult, type LogTurnOptions } from './episode-log.js';
export { EpisodeIndex, MIN_INDEXED_QUERY, type SyncReport, type MatchOptions } from '../effects/episode-index.js';
export { EpisodicMemory, episodePaths, type EpisodicMemoryOptions, type EpisodeRecallRequest, type EpisodeRecallOutcome } from './episodic-memory.js';
export { recallEpisodes, DEFAULT_MAX_RESULTS, type EpisodeSource, type RecallOptions, type EpisodeRecall, type RecalledGroup, type RecalledEpisode } from './recall-episodes.js';
export { formatRecall, recallLine, DEFAULT_RECALL_BUDGET_CHARS } from './format-recall.js';
export { episodicMemoryEnabled } from './episodic-memory-enabled.js';
export { serializeEpisode } from './serialize-episode.js';
export { parseEpisodeLine, type ParsedLine } from './parse-episode-line.js';
export { truncateForRole, DEFAULT_WRITE_LIMITS, type EpisodeWriteLimits } from './truncate-for-role.js';
export { isoWithOffset, parseEpisodeTs, sessionFileTime, episodeKey, keyAtMs, KEY_SLOTS_PER_MS } from './episode-time.js';
export { episodeMatcher } from './episode-matcher.js';
export { memoryEpisodeSource } from './memory-episode-source.js';
export { prepareEpisode, type PrepareEpisodeOptions } from './prepare-episode.js';
export type { EpisodeStore, EpisodeRecord, EpisodeRanking } from './episode-store.js';
export { openAiEmbedder, embeddingsEndpoint, EMBED_BATCH, EMBED_TIMEOUT_MS, type OpenAiEmbedderOptions } from '../embeddings/openai-embedder.js';
export { embedderFromEnv } from '../embeddings/embedder-from-env.js';
export { FileEpisodeStore, type FileEpisodeStoreOptions } from '../effects/file-episode-store.js';
