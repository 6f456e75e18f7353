import { systemClock, type Clock } from '@engram/kernel';
import { join } from 'node:path';
import { DEFAULT_RECALL_BUDGET_CHARS, formatRecall } from '../episodes/format-recall.js';
import type { EpisodeRecord, EpisodeStore } from '../episodes/episode-store.js';
import { EpisodicMemory, type EpisodeRecallOutcome, type EpisodeRecallRequest } from '../episodes/episodic-memory.js';
import { prepareEpisode } from '../episodes/prepare-episode.js';
import { checkSessionId } from '../episodes/safe-session-id.js';
import { serializeEpisode } from '../episodes/serialize-episode.js';
import { appendLine } from './append-line.js';

export interface FileEpisodeStoreOptions {
  /** The project folder; episodes go under `<project>/.engram/episodes`, the index under `.engram/index`. */
  readonly projectDir: string;
  readonly clock?: Clock;
  /** Default: the kernel's secret scrubber. */
  readonly scrub?: (text: string) => string;
}

/**
 * The `EpisodeStore` port over engram's default: one JSONL file per session (the truth, Anton's
 * shape) and the SQLite FTS5 index recall reads through (`EpisodicMemory`, unchanged). An append
 * is one `O_APPEND` write per record, so concurrent sessions never interleave lines.
 */
export class FileEpisodeStore implements EpisodeStore {
  readonly location: string;
  private readonly memory: EpisodicMemory;
  private readonly scrub: ((text: string) => string) | undefined;

  constructor(options: FileEpisodeStoreOptions) {
    this.memory = new EpisodicMemory({ projectDir: options.projectDir, clock: options.clock ?? systemClock });
    this.location = this.memory.paths.episodesDir;
    this.scrub = options.scrub;
  }

  append(records: readonly EpisodeRecord[]): Promise<number> {
    try {
      for (const r of records) checkSessionId(r.session);
      // One write per session file: lines of one call land together, in order, and a batch costs one open per session.
      const bySession = new Map<string, string[]>();
      for (const { multimodal, ...episode } of records) {
        const line = serializeEpisode(prepareEpisode(episode, { multimodal: multimodal ?? false, ...(this.scrub === undefined ? {} : { scrub: this.scrub }) }));
        const lines = bySession.get(episode.session) ?? [];
        lines.push(line);
        bySession.set(episode.session, lines);
      }
      for (const [session, lines] of bySession) appendLine(join(this.location, `${session}.jsonl`), lines.join(''));
      return Promise.resolve(records.length);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  recall(query: string, request: EpisodeRecallRequest = {}): Promise<EpisodeRecallOutcome> {
    return Promise.resolve(this.memory.recall(query, request));
  }

  search(query: string, request: EpisodeRecallRequest = {}): Promise<EpisodeRecallOutcome> {
    return Promise.resolve(this.memory.search(query, request));
  }

  async recallFormatted(query: string, request: EpisodeRecallRequest & { readonly budgetChars?: number } = {}): Promise<string> {
    return formatRecall(await this.recall(query, request), request.budgetChars ?? DEFAULT_RECALL_BUDGET_CHARS);
  }

  close(): Promise<void> {
    this.memory.close();
    return Promise.resolve();
  }
}
