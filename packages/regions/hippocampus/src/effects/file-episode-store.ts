import { systemClock, type Clock, type Embedder } from '@engram/kernel';
import type { EpisodeProblem } from '../episodes/episode.js';
import { join } from 'node:path';
import { DEFAULT_RECALL_BUDGET_CHARS, formatRecall } from '../episodes/format-recall.js';
import type { EpisodeRanking, EpisodeRecord, EpisodeStore } from '../episodes/episode-store.js';
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
  /** Meaning beside words (off by default): episodes embedded at write time, questions ranked by both (`searchWithMeaning`). */
  readonly embedder?: Embedder | null;
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
  readonly embedder: Embedder | null;
  /** Writes the embedder failed to embed: said by the next recall (the episodes themselves are stored). */
  private unembedded: EpisodeProblem[] = [];

  constructor(options: FileEpisodeStoreOptions) {
    this.memory = new EpisodicMemory({ projectDir: options.projectDir, clock: options.clock ?? systemClock });
    this.location = this.memory.paths.episodesDir;
    this.scrub = options.scrub;
    this.embedder = options.embedder ?? null;
  }

  /**
   * Embeds what was just written (and anything older still without a vector), in batches. A failure
   * never undoes the write: the episodes stay stored without a vector, the next recall says so and
   * embeds them then.
   */
  private async embedWritten(count: number): Promise<void> {
    const embedder = this.embedder;
    if (embedder === null || count === 0) return;
    try {
      await this.memory.embedAll(embedder);
    } catch (err) {
      this.unembedded.push({ file: embedder.location, line: 0, reason: `${count} episode(s) stored without a vector (${(err as Error).message}); embedded at a later recall` });
    }
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
      return this.embedWritten(records.length).then(() => records.length);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  recall(query: string, request: EpisodeRecallRequest = {}): Promise<EpisodeRecallOutcome> {
    return Promise.resolve(this.memory.recall(query, request));
  }

  async search(query: string, request: EpisodeRecallRequest = {}): Promise<EpisodeRecallOutcome> {
    const told = this.unembedded;
    this.unembedded = [];
    const outcome = this.embedder === null ? this.memory.search(query, request) : await this.memory.searchWithMeaning(query, request, this.embedder);
    return told.length === 0 ? outcome : { ...outcome, problems: [...told, ...outcome.problems] };
  }

  /** Which ranking answers `search`, and how many episodes have a vector of the embedder's model (`engram memory stats`). */
  ranking(): Promise<EpisodeRanking> {
    if (this.embedder === null) return Promise.resolve({ kind: 'lexical' });
    const counts = this.memory.vectorCounts();
    return Promise.resolve({ kind: 'lexical+embeddings', model: this.embedder.model, embedded: counts.byModel[this.embedder.model] ?? 0, items: counts.episodes });
  }

  async recallFormatted(query: string, request: EpisodeRecallRequest & { readonly budgetChars?: number } = {}): Promise<string> {
    return formatRecall(await this.recall(query, request), request.budgetChars ?? DEFAULT_RECALL_BUDGET_CHARS);
  }

  close(): Promise<void> {
    this.memory.close();
    return Promise.resolve();
  }
}
