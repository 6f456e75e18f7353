import type { SubjectMatcher } from '@engram/kernel';
import type { Episode } from './episode.js';
import type { EpisodeRecallOutcome, EpisodeRecallRequest } from './episodic-memory.js';

/** A record to append: an episode, and whether its content is the string form of a multimodal user message (cut to 2000). */
export interface EpisodeRecord extends Episode {
  readonly multimodal?: boolean;
}

/**
 * Records a backend embeds on the way to answering one question, at most (what a write could not
 * embed, or a vector the model no longer matches): a backlog is caught up a slice at a time without
 * making one recall wait minutes; the whole of it is the write path's, or `engram memory embed`'s.
 */
export const EMBED_PER_QUERY = 256;

/** Which ranking a store's `search` uses: words only, or words fused with an embedder's meaning (how many items have a vector of its model). */
export type EpisodeRanking = { readonly kind: 'lexical' } | { readonly kind: 'lexical+embeddings'; readonly model: string; readonly embedded: number; readonly items: number };

/**
 * The episodic store of one project, whatever holds it: the JSONL files with their SQLite index
 * (`FileEpisodeStore`), or a database (`PostgresEpisodeStore` in @engram/store-postgres). Every
 * backend gives Anton's recall with the same answers: a case-insensitive literal substring of the
 * content, the newest `maxResults` matching records first (ordered by their own time, then their
 * line), each with the rest of its turn, memory bookkeeping roles left out; and the same text from
 * `recallFormatted`. `episodeStoreContract` (in `@engram/hippocampus/testing`) holds them to it.
 */
export interface EpisodeStore {
  /** Where the episodes live, for messages: a folder, or `postgres:TENANT/episodes/project:ID`. */
  readonly location: string;
  /**
   * Appends records in order, each scrubbed of secrets and cut to its role's limit first (as the
   * session log writes them); a record becomes the next line of its session. Throws a RangeError
   * for a session id that is not a plain name (nothing of that call is stored), and the backend's
   * error when the write fails.
   */
  append(records: readonly EpisodeRecord[]): Promise<number>;
  /** Anton's recall (see `recallEpisodes`), with what the backend noticed on the way (unreadable lines). */
  recall(query: string, request?: EpisodeRecallRequest): Promise<EpisodeRecallOutcome>;
  /**
   * Ranked recall of a question: the episodes sharing its words (stemmed), best first by the
   * engine's relevance (SQLite FTS5 bm25, PostgreSQL ts_rank_cd) and the kernel's ranking core,
   * each with its turn and the next (`searchEpisodes`). Same request bounds as `recall`.
   */
  search(query: string, request?: EpisodeRecallRequest): Promise<EpisodeRecallOutcome>;
  /** Anton's `recall_formatted`, bounded by `budgetChars` (default `DEFAULT_RECALL_BUDGET_CHARS`). */
  recallFormatted(query: string, request?: EpisodeRecallRequest & { readonly budgetChars?: number }): Promise<string>;
  /** Which ranking `search` uses (`engram memory stats`); absent: lexical. */
  ranking?(): Promise<EpisodeRanking>;
  /** Releases what the store holds open (an index; a database pool stays with its owner). */
  close(): Promise<void>;
  /**
   * `engram memory forget` on a store that keeps episodes itself (PostgreSQL): the records whose
   * stored line holds the subject, as `SESSION#LINE`, removed when `apply`. The files have none:
   * forget walks their JSONL lines and rebuilds the index (`forgetSubject`).
   */
  forget?(matcher: SubjectMatcher, apply: boolean): Promise<readonly string[]>;
}
