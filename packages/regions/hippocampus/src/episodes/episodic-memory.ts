import { systemClock, type Clock, type Embedder } from '@engram/kernel';
import { engramPaths } from '@engram/fs';
import type { EpisodeProblem } from './episode.js';
import { EpisodeIndex, type SyncReport } from '../effects/episode-index.js';
import { EpisodeLog, type EpisodeLogOptions } from './episode-log.js';
import { formatRecall } from './format-recall.js';
import { DEFAULT_MAX_RESULTS, recallEpisodes, type EpisodeRecall } from './recall-episodes.js';
import { rankedCandidates, searchEpisodes, type ScoredEpisode } from './search-episodes.js';
import { EMBED_BATCH } from '../embeddings/openai-embedder.js';
import { EMBED_PER_QUERY } from './episode-store.js';

const DAY_MS = 86_400_000;
/**
 * Embeds up to `max` episodes without a vector of the embedder's model, newest first, one batch per
 * round trip; returns how many. With `dim` (known at recall, from the question's vector), a vector
 * of the model but of another dimension is embedded again too (the name now serves another model).
 */
const embedUnembedded = async (index: EpisodeIndex, embedder: Embedder, max: number, dim: number | null = null): Promise<number> => {
  let done = 0;
  let before = Number.MAX_SAFE_INTEGER;
  while (done < max) {
    const rows = index.unembedded(embedder.model, dim, Math.min(EMBED_BATCH, max - done), before);
    const last = rows.at(-1);
    if (last === undefined) break;
    before = last.id;
    const vecs = await embedder.embed(rows.map((r) => r.content));
    index.putVectors(embedder.model, rows.map((r, i) => ({ id: r.id, vec: vecs[i] ?? new Float32Array() })));
    done += rows.length;
  }
  return done;
};

/** Where a project's episodes and their index live (DESIGN.md, storage). */
export const episodePaths = (projectDir: string): { readonly episodesDir: string; readonly indexFile: string } => {
  const paths = engramPaths({ project: projectDir }, {});
  return { episodesDir: paths.episodesDir ?? '', indexFile: paths.episodeIndexFile ?? '' };
};

export interface EpisodicMemoryOptions extends Omit<EpisodeLogOptions, 'dir'> {
  /** The project folder; episodes go under `<project>/.engram/episodes`. */
  readonly projectDir: string;
}

export interface EpisodeRecallRequest {
  readonly maxResults?: number;
  readonly daysBack?: number;
}

/** A recall and what the catch-up before it noticed (unreadable lines, a failed catch-up). */
export interface EpisodeRecallOutcome extends EpisodeRecall {
  readonly problems: readonly EpisodeProblem[];
}

/**
 * A project's episodic memory: the session log (JSONL, the source of truth) plus the SQLite
 * index it is recalled through. Each recall first catches the index up with what any process
 * appended; a catch-up that fails is reported and recall answers from what is indexed.
 */
export class EpisodicMemory {
  readonly log: EpisodeLog;
  readonly paths: { readonly episodesDir: string; readonly indexFile: string };
  private readonly clock: Clock;
  private index: EpisodeIndex | null = null;

  constructor(options: EpisodicMemoryOptions) {
    this.paths = episodePaths(options.projectDir);
    this.clock = options.clock ?? systemClock;
    this.log = new EpisodeLog({ ...options, dir: this.paths.episodesDir });
  }

  get enabled(): boolean {
    return this.log.enabled;
  }

  /** Finds episodes containing `query`; see `recallEpisodes` for the semantics. */
  recall(query: string, request: EpisodeRecallRequest = {}): EpisodeRecallOutcome {
    const index = this.openIndex();
    const problems = this.catchUp(index);
    return { ...recallEpisodes(index, query, { ...request, nowMs: this.clock.now() }), problems };
  }

  /**
   * Ranked recall of a question (`searchEpisodes`): the episodes that share its words, best
   * first, each with its turn and the next. `recall` keeps Anton's literal substring semantics.
   */
  search(query: string, request: EpisodeRecallRequest = {}): EpisodeRecallOutcome {
    const index = this.openIndex();
    const problems = this.catchUp(index);
    const maxResults = request.maxResults ?? DEFAULT_MAX_RESULTS;
    const sinceMs = request.daysBack === undefined ? undefined : this.clock.now() - request.daysBack * DAY_MS;
    const limit = rankedCandidates(maxResults);
    const candidates = index.ranked(query, sinceMs === undefined ? { limit } : { sinceMs, limit });
    return { ...searchEpisodes(candidates, (f, s, t) => index.turn(f, s, t), query, maxResults), problems };
  }

  /**
   * `search` with the meaning of the question too: the episodes nearest it by `embedder`'s vectors
   * fused with the words' ranking (`searchEpisodes`). Episodes still without a vector of this model
   * (written while the embedder failed, or under another model) or with one of another dimension
   * than the question's (another model served under the same name) are embedded first, at most
   * `EMBED_PER_QUERY`; an embedder that fails is reported in `problems` and the answer is lexical.
   */
  async searchWithMeaning(query: string, request: EpisodeRecallRequest, embedder: Embedder): Promise<EpisodeRecallOutcome> {
    const index = this.openIndex();
    const problems = this.catchUp(index);
    const maxResults = request.maxResults ?? DEFAULT_MAX_RESULTS;
    const sinceMs = request.daysBack === undefined ? undefined : this.clock.now() - request.daysBack * DAY_MS;
    const limit = rankedCandidates(maxResults);
    const bounds = sinceMs === undefined ? { limit } : { sinceMs, limit };
    const candidates = index.ranked(query, bounds);
    let meaning: ScoredEpisode[] = [];
    try {
      // The question first: its vector's dimension is the one the model serves now.
      const [vec] = await embedder.embed([query]);
      await embedUnembedded(index, embedder, EMBED_PER_QUERY, vec?.length ?? null);
      if (vec !== undefined) meaning = index.nearest(embedder.model, vec, bounds);
    } catch (err) {
      problems.push({ file: embedder.location, line: 0, reason: `embedder failed, ranked by words only: ${(err as Error).message}` });
    }
    return { ...searchEpisodes(candidates, (f, s, t) => index.turn(f, s, t), query, maxResults, meaning), problems };
  }

  /** Catches the index up and embeds every episode without a vector of `embedder`'s model, in batches (write time; `engram memory embed`). */
  async embedAll(embedder: Embedder): Promise<number> {
    const index = this.openIndex();
    this.catchUp(index);
    return embedUnembedded(index, embedder, Number.MAX_SAFE_INTEGER);
  }

  /** Vectors per model beside the number of indexed episodes (`engram memory stats`). */
  vectorCounts(): ReturnType<EpisodeIndex['vectorCounts']> {
    const index = this.openIndex();
    this.catchUp(index);
    return index.vectorCounts();
  }

  private catchUp(index: EpisodeIndex): EpisodeProblem[] {
    try {
      return [...index.sync().problems];
    } catch (err) {
      return [{ file: this.paths.indexFile, line: 0, reason: `catch-up failed, answering from what was indexed: ${(err as Error).message}` }];
    }
  }

  /** Anton's `recall_formatted`, bounded by `budgetChars`. */
  recallFormatted(query: string, request: EpisodeRecallRequest & { readonly budgetChars?: number } = {}): string {
    return formatRecall(this.recall(query, request), request.budgetChars);
  }

  /** Rebuilds the index from the JSONL files (`engram memory reindex`). */
  reindex(): SyncReport {
    return this.openIndex().reindex();
  }

  close(): void {
    this.index?.close();
    this.index = null;
  }

  private openIndex(): EpisodeIndex {
    this.index ??= new EpisodeIndex(this.paths);
    return this.index;
  }
}
