import { newSessionId, scrubSecrets, systemClock, type Clock } from '@engram/kernel';
import { join } from 'node:path';
import { appendLine } from '../effects/append-line.js';
import type { Episode } from './episode.js';
import { isoWithOffset } from './episode-time.js';
import { prepareEpisode } from './prepare-episode.js';
import { checkSessionId } from './safe-session-id.js';
import { serializeEpisode } from './serialize-episode.js';
import { DEFAULT_WRITE_LIMITS, type EpisodeWriteLimits } from './truncate-for-role.js';

/** What became of one `log` call. Failures are returned (and passed to `onError`), never thrown. */
export type LogResult =
  | { readonly status: 'written'; readonly file: string; readonly bytes: number }
  | { readonly status: 'skipped'; readonly reason: 'disabled' | 'no-session' }
  | { readonly status: 'failed'; readonly file: string | null; readonly error: string };

export interface EpisodeLogOptions {
  /** `<project>/.engram/episodes`. Created (0700) on the first write. */
  readonly dir: string;
  /** Off when the caller read `ENGRAM_EPISODIC_MEMORY=0` (see `episodicMemoryEnabled`). Default on. */
  readonly enabled?: boolean;
  readonly clock?: Clock;
  /** Default: the kernel's secret scrubber. */
  readonly scrub?: (text: string) => string;
  readonly limits?: Partial<EpisodeWriteLimits>;
  /** Told of every failed write, so a failure is never silent (anton.md §15.17). */
  readonly onError?: (failure: Extract<LogResult, { status: 'failed' }>) => void;
}

export interface LogTurnOptions {
  /** The content is the string form of a multimodal user message (cut to 2000 as Anton). */
  readonly multimodal?: boolean;
}

/**
 * The episodic log of one session: one JSONL file, `<dir>/<session>.jsonl`, in Anton's record
 * shape (anton.md §8). Every record is scrubbed of secrets and cut to its role's limit before
 * it is written; appends from concurrent processes never interleave; `log` never throws.
 */
export class EpisodeLog {
  enabled: boolean;
  readonly dir: string;
  private readonly clock: Clock;
  private readonly scrub: (text: string) => string;
  private readonly limits: EpisodeWriteLimits;
  private readonly onError: ((failure: Extract<LogResult, { status: 'failed' }>) => void) | undefined;
  private session: string | null = null;

  constructor(options: EpisodeLogOptions) {
    this.dir = options.dir;
    this.enabled = options.enabled ?? true;
    this.clock = options.clock ?? systemClock;
    this.scrub = options.scrub ?? scrubSecrets;
    this.limits = { ...DEFAULT_WRITE_LIMITS, ...options.limits };
    this.onError = options.onError;
  }

  get sessionId(): string | null {
    return this.session;
  }

  /** The current session's file, or null before a session starts. */
  get file(): string | null {
    return this.session === null ? null : join(this.dir, `${this.session}.jsonl`);
  }

  /** Starts a new session (`YYYYMMDD_HHMMSS_xxxx`, so two sessions in one second get two files). The file appears on the first write. */
  startSession(): string {
    this.session = newSessionId(this.clock.now());
    return this.session;
  }

  /** Continues an existing session's file. Throws a RangeError for an id that is not a plain file name. */
  resumeSession(id: string): void {
    this.session = checkSessionId(id);
  }

  /** Appends a record as given (after scrubbing and the role's cut). */
  log(episode: Episode, options: LogTurnOptions = {}): LogResult {
    if (!this.enabled) return { status: 'skipped', reason: 'disabled' };
    const file = this.file;
    if (file === null) return { status: 'skipped', reason: 'no-session' };
    try {
      const bytes = appendLine(file, serializeEpisode(prepareEpisode(episode, { scrub: this.scrub, limits: this.limits, multimodal: options.multimodal ?? false })));
      return { status: 'written', file, bytes };
    } catch (err) {
      return this.fail(file, err);
    }
  }

  /** Anton's `log_turn`: the record stamped now (UTC) in the current session. */
  logTurn(turn: number, role: string, content: string, meta: Readonly<Record<string, unknown>> = {}, options: LogTurnOptions = {}): LogResult {
    if (!this.enabled) return { status: 'skipped', reason: 'disabled' };
    const session = this.session;
    if (session === null) return { status: 'skipped', reason: 'no-session' };
    let ts: string;
    try {
      ts = isoWithOffset(this.clock.now());
    } catch (err) {
      return this.fail(this.file, err);
    }
    return this.log({ ts, session, turn, role, content, meta }, options);
  }

  private fail(file: string | null, err: unknown): LogResult {
    const failure = { status: 'failed', file, error: err instanceof Error ? err.message : String(err) } as const;
    try {
      this.onError?.(failure);
    } catch {
      // A throwing reporter must not break the caller either; the result still carries the failure.
    }
    return failure;
  }
}
