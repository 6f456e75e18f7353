import { systemClock, type Clock } from '@engram/kernel';
import { engramPaths } from '@engram/fs';
import type { EpisodeProblem } from './episode.js';
import { EpisodeIndex, type SyncReport } from '../effects/episode-index.js';
import { EpisodeLog, type EpisodeLogOptions } from './episode-log.js';
import { formatRecall } from './format-recall.js';
import { recallEpisodes, type EpisodeRecall } from './recall-episodes.js';

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
    const problems: EpisodeProblem[] = [];
    try {
      problems.push(...index.sync().problems);
    } catch (err) {
      problems.push({ file: this.paths.indexFile, line: 0, reason: `catch-up failed, answering from what was indexed: ${(err as Error).message}` });
    }
    return { ...recallEpisodes(index, query, { ...request, nowMs: this.clock.now() }), problems };
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
