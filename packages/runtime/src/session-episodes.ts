import type { Bus } from '@engram/bus';
import type { AnyEnvelope } from '@engram/events';
import { EpisodicMemory, handleRecall, handleRecallAsync, isoWithOffset, type EpisodeProblem, type EpisodeRecord, type EpisodeStore } from '@engram/hippocampus';
import type { Clock, Embedder } from '@engram/kernel';

/** A record as the session log writes it: turn, role, content and meta (stamped and placed by the writer). */
interface TurnRecord {
  readonly turn: number;
  readonly role: string;
  readonly content: string;
  readonly meta: Readonly<Record<string, unknown>>;
}

/** What of an event is an episode (Anton's `log_turn` calls), or null. */
const turnRecord = (e: AnyEnvelope): TurnRecord | null => {
  if (e.type === 'executive.turn.started') return { turn: e.turn, role: 'user', content: e.data.message, meta: {} };
  if (e.type === 'executive.turn.completed') return { turn: e.turn, role: 'assistant', content: e.data.answer, meta: { stop_reason: e.data.stopReason } };
  if (e.type === 'executive.tool.called') return { turn: e.turn, role: 'tool_call', content: e.data.argsSummary, meta: { tool: e.data.name, id: e.data.toolUseId } };
  if (e.type === 'executive.tool.resulted')
    return { turn: e.turn, role: 'tool_result', content: e.data.ok ? e.data.output : e.data.error, meta: { tool: e.data.name, id: e.data.toolUseId, ok: e.data.ok } };
  if (e.type === 'scratchpad.cell.executed')
    return { turn: e.turn, role: 'scratchpad', content: [e.data.stdout, e.data.stderr, e.data.error].filter(Boolean).join('\n'), meta: { pad: e.data.pad, cell: e.data.cellId, ok: e.data.ok } };
  return null;
};

/** Where a session's episodes go: the project's JSONL files (written as they happen), or an `EpisodeStore` (a database, written in order behind the session). */
export type SessionEpisodesTarget = { readonly kind: 'files'; readonly projectDir: string } | { readonly kind: 'store'; readonly store: EpisodeStore };

/**
 * The session's episodic memory: every user message, answer, tool call and result and cell is
 * recorded from the bus (Anton's record shape), so every path (host-driven or engram-driven) is
 * logged the same way: to `<project>/.engram/episodes/<session>.jsonl`, or to the active store's
 * episodes. Writing never throws into the session; failures are kept and reported by `problems()`.
 */
export class SessionEpisodes {
  private readonly memory: EpisodicMemory | null;
  private readonly store: EpisodeStore | null;
  /** Each failure once, with how often it happened: a full disk fails every record the same way. */
  private readonly failures = new Map<string, number>();
  /** Records waiting for the store, in bus order; one append in flight at a time keeps them in order. */
  private queue: EpisodeRecord[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly bus: Bus,
    target: SessionEpisodesTarget,
    private readonly enabled: boolean,
    private readonly clock: Clock,
    private readonly embedder: Embedder | null = null,
  ) {
    if (target.kind === 'files') {
      this.memory = new EpisodicMemory({ projectDir: target.projectDir, enabled, clock, onError: (f) => this.fail(f.file != null && f.error.startsWith(f.file) ? f.error : `${f.file ?? 'episodes'}: ${f.error}`) });
      this.memory.log.resumeSession(bus.sessionId);
      this.store = null;
    } else {
      this.memory = null;
      this.store = target.store;
    }
    bus.subscribe('session-episodes', (e) => this.record(e));
  }

  private record(e: AnyEnvelope): void {
    const r = turnRecord(e);
    if (r === null) return;
    if (this.memory !== null) {
      this.memory.log.logTurn(r.turn, r.role, r.content, r.meta);
      return;
    }
    if (!this.enabled) return;
    try {
      this.queue.push({ ts: isoWithOffset(this.clock.now()), session: this.bus.sessionId, ...r });
    } catch (err) {
      this.fail(`episodes: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    this.flushing ??= this.flush();
  }

  /** Appends what is queued, batch after batch, until nothing is left. */
  private async flush(): Promise<void> {
    const store = this.store!;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        await store.append(batch).catch((err: unknown) => {
          this.fail(`${store.location}: ${batch.length} episode(s) not stored: ${err instanceof Error ? err.message : String(err)}`);
        });
      }
    } finally {
      this.flushing = null;
    }
  }

  /**
   * The `recall` tool's answer over this project's episodes (a store's after the session's own
   * records are written). A line of the episode files it could not read is one of the session's
   * `problems()`, as `engram recall` prints it: the answer holds what could be read.
   */
  async recall(input: unknown): Promise<string> {
    const memory = this.memory;
    const embedder = this.embedder;
    const onProblems = (found: readonly EpisodeProblem[]) => {
      for (const p of found) this.fail(`${p.file}:${p.line}: ${p.reason}`);
    };
    if (memory !== null && embedder !== null)
      return handleRecallAsync(input, { episodes: { recall: (q, r) => Promise.resolve(memory.recall(q, r)), search: (q, r) => memory.searchWithMeaning(q, r, embedder) }, onProblems });
    if (memory !== null) return handleRecall(input, { episodes: memory, onProblems });
    await this.flushing;
    return handleRecallAsync(input, { episodes: this.store, onProblems });
  }

  /** Episode writes that failed (the session went on). */
  problems(): readonly string[] {
    return [...this.failures].map(([message, times]) => (times === 1 ? message : `${message} (${times} times)`));
  }

  private fail(message: string): void {
    this.failures.set(message, (this.failures.get(message) ?? 0) + 1);
  }

  /** Waits for the store's writes (the store itself stays with its owner); closes the files' index. */
  async close(): Promise<void> {
    await this.flushing;
    this.memory?.close();
  }
}
