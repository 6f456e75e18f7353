import type { Bus } from '@engram/bus';
import type { AnyEnvelope, EventType } from '@engram/events';
import type { Subscription } from 'rxjs';
import { fileLogWriter, type SessionLogWriter } from './brain-stores.js';

/**
 * Events after which the log is appended and fsynced: the ends of rounds, turns and the session.
 * Round ends count so that a process killed mid-turn (SIGKILL, OOM, a closed terminal) leaves the
 * events of every round it completed: a turn can run for minutes.
 */
const DURABLE_POINTS: ReadonlySet<EventType> = new Set(['executive.round.completed', 'executive.turn.completed', 'executive.turn.failed', 'executive.turn.cancelled', 'executive.session.ended']);

/**
 * Appends a session's events to its log (a JSONL file, or any `SessionLogWriter`: PostgreSQL). Events are batched and written once the delivery
 * cascade of a turn's end has finished (a microtask later), so the lessons and encodings the end
 * of a turn causes land in the same locked, fsynced batch. Writes are serialised; `flushed()`
 * resolves when everything published so far is durable.
 */
export class SessionLog {
  private pending: AnyEnvelope[] = [];
  private chain: Promise<void> = Promise.resolve();
  private scheduled = false;
  private failure: Error | null = null;
  /** How many published events this log has appended: a checkpoint checks the file's new lines against it (a repair record the writer adds, which no core saw, makes them differ). */
  appended = 0;
  private readonly sub: Subscription;
  private readonly writer: SessionLogWriter;
  /** Where the log is: the JSONL file, or the writer's location. */
  readonly file: string;

  constructor(bus: Bus, target: string | SessionLogWriter) {
    this.writer = typeof target === 'string' ? fileLogWriter(target, bus.sessionId) : target;
    this.file = this.writer.location;
    this.sub = bus.subscribe('session-log', (e) => {
      this.pending.push(e);
      if (DURABLE_POINTS.has(e.type)) this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      // The failure is kept and reported by the next `flushed()` (the caller's turn end, or the
      // hook's exit); left unhandled here it would kill the process with a stack trace instead.
      this.flush().catch(() => undefined);
    });
  }

  /** Appends and fsyncs everything published so far; resolves when it is durable. */
  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.chain = this.chain.then(async () => {
      if (batch.length > 0) {
        await this.writer.append(batch);
        this.appended += batch.length;
      }
      this.writer.sync();
    });
    this.chain = this.chain.catch((err: unknown) => {
      this.failure = err instanceof Error ? err : new Error(String(err));
    });
    return this.flushed();
  }

  /** Resolves when the writes queued so far are done; rejects if one failed. */
  async flushed(): Promise<void> {
    await this.chain;
    if (this.failure) throw this.failure;
  }

  /** The session's events as stored (after `flushed()`, everything published so far). */
  read(): Promise<readonly AnyEnvelope[]> {
    return this.writer.read();
  }

  async close(): Promise<void> {
    await this.flush();
    this.sub.unsubscribe();
    this.writer.close();
  }
}
