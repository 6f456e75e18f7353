import { join } from 'node:path';
import type { HookSessions, OpenedHookSession } from '@engram/claude-code';
import type { AnyEnvelope } from '@engram/events';
import type { Brain, EngramSession } from '@engram/runtime';
import { logStamp, sameStamp, type LogStamp } from './effects/log-stamp.js';

/**
 * Sessions kept warm at most: a home serves the few Claude sessions a user runs at once; each
 * kept session holds its folded state and its log's events, so the oldest is suspended beyond this.
 */
export const MAX_WARM_SESSIONS = 16;

/** Brains kept at most: one per way of making it (home, project, guards, ENGRAM_* settings), few per home; beyond it a hook's brain is closed after it, as in a short process. */
const MAX_KEPT_BRAINS = 8;

interface Kept {
  readonly session: EngramSession;
  readonly file: string;
  readonly brain: Brain;
  readonly config: string;
  /** The session's log as this process knows it: what it resumed from and every event it published since. */
  events: AnyEnvelope[];
  /** The events lack the ones the session published while it was being made (a new session's start): read the log once after the first hook. */
  reread: boolean;
  /** The log as this process left it; another writer changes it, and the session is then resumed again. */
  stamp: LogStamp | null;
  lastUsed: number;
  unsubscribe: () => void;
}

/**
 * The hook sessions of a resident service: kept between hooks instead of resumed from the log and
 * suspended each time. A kept session is reused only while its log is exactly as this process
 * left it (inode, size, mtime) and the brain is made the same way; otherwise (another hook
 * process or command wrote the log, a guards file changed) it is suspended and the session is
 * resumed from its log, as a short process would. After each hook the log is made durable
 * (`flushed`), so what a warm session did is on disk before the client sees the answer.
 */
export class WarmSessions implements HookSessions {
  private readonly kept = new Map<string, Kept>();
  private readonly inUse = new Map<EngramSession, Kept>();
  /** Suspensions under way, by log file: a session is resumed only once its last holder let go. */
  private readonly letting = new Map<string, Promise<void>>();
  /**
   * Brains by what they were made with, kept while the service runs: a kept session uses its
   * brain's stores (on PostgreSQL, its pool), so a brain is closed only once every session is let go.
   */
  private readonly brains = new Map<string, Promise<Brain>>();
  private readonly keptBrains = new Set<Brain>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly onProblem: (message: string) => void = () => undefined,
  ) {}

  get size(): number {
    return this.kept.size + this.inUse.size;
  }

  async open(brain: Parameters<HookSessions['open']>[0], sessionId: string, warn: (message: string) => void, options: Parameters<HookSessions['open']>[3]): Promise<OpenedHookSession | 'ended'> {
    const file = join(brain.paths.eventsDir, `${sessionId}.jsonl`);
    const warm = this.kept.get(file);
    if (warm !== undefined) {
      this.kept.delete(file);
      if (options.fresh !== true && warm.config === options.config && sameStamp(logStamp(file), warm.stamp)) {
        warm.lastUsed = this.now();
        this.inUse.set(warm.session, warm);
        return { session: warm.session, events: warm.events.slice() };
      }
      this.letGo(warm);
    }
    await this.letting.get(file);
    const state = options.fresh === true ? null : await brain.resumeState(sessionId, warn);
    if (state?.ended === true) return 'ended';
    const session = brain.session({ sessionId, resume: state ?? false });
    const kept: Kept = { session, file, brain, config: options.config, events: [...(state?.events ?? [])], reread: true, stamp: null, lastUsed: this.now(), unsubscribe: () => undefined };
    const sub = session.events$.subscribe((e) => kept.events.push(e));
    kept.unsubscribe = () => sub.unsubscribe();
    this.inUse.set(session, kept);
    return { session, events: state?.events ?? [] };
  }

  async release(session: EngramSession, handled: boolean): Promise<void> {
    const kept = this.inUse.get(session);
    this.inUse.delete(session);
    if (kept === undefined) return session.suspend();
    if (!handled) {
      // A hook that failed may have left the session half-way: let it go, the next hook resumes from the log.
      kept.unsubscribe();
      return session.suspend();
    }
    // Durable before the client sees the answer; session-end learning stays with the hooks that end a turn (stop calls settled()).
    await session.flushed();
    if (kept.reread) {
      kept.events = [...((await kept.brain.resumeState(session.id))?.events ?? [])];
      kept.reread = false;
    }
    kept.stamp = logStamp(kept.file);
    kept.lastUsed = this.now();
    this.kept.set(kept.file, kept);
    while (this.kept.size > MAX_WARM_SESSIONS) {
      const oldest = [...this.kept.values()].reduce((a, b) => (b.lastUsed < a.lastUsed ? b : a));
      this.kept.delete(oldest.file);
      this.letGo(oldest);
    }
  }

  brain(config: string, open: () => Promise<Brain>): Promise<Brain> {
    const known = this.brains.get(config);
    if (known !== undefined) return known;
    if (this.brains.size >= MAX_KEPT_BRAINS) return open();
    const brain = open().then((b) => {
      this.keptBrains.add(b);
      return b;
    });
    this.brains.set(config, brain);
    // A brain that could not be opened (a server down) is tried again by the next hook.
    brain.catch(() => this.brains.get(config) === brain && this.brains.delete(config));
    return brain;
  }

  /** A kept brain stays open for the sessions kept warm (closed by `suspendAll`); any other is closed now. */
  async doneWith(brain: Brain): Promise<void> {
    if (this.keptBrains.has(brain)) return;
    for (const [file, kept] of this.kept)
      if (kept.brain === brain) {
        // Its brain closes now: the session cannot stay warm.
        this.kept.delete(file);
        this.letGo(kept);
      }
    await Promise.all(this.letting.values());
    await brain.close();
  }

  /** Suspends the kept sessions not used since `before` (ms); resolves when their logs are let go. */
  suspendIdle(before: number): Promise<void> {
    const idle = [...this.kept.values()].filter((k) => k.lastUsed < before);
    for (const k of idle) {
      this.kept.delete(k.file);
      this.letGo(k);
    }
    return Promise.all(idle.map((k) => this.letting.get(k.file) ?? Promise.resolve())).then(() => undefined);
  }

  /** Suspends every kept session, then closes the brains (the service is stopping). */
  async suspendAll(): Promise<void> {
    await this.suspendIdle(Number.POSITIVE_INFINITY);
    await Promise.all(this.letting.values());
    const brains = [...this.brains.values()];
    this.brains.clear();
    this.keptBrains.clear();
    for (const b of brains)
      await b
        .then((brain) => brain.close())
        .catch((err: unknown) => this.onProblem(`closing a store: ${err instanceof Error ? err.message : String(err)}`));
  }

  private letGo(kept: Kept): void {
    kept.unsubscribe();
    const done = (this.letting.get(kept.file) ?? Promise.resolve())
      .then(() => kept.session.suspend())
      .catch((err: unknown) => this.onProblem(`suspending session ${kept.session.id}: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        if (this.letting.get(kept.file) === done) this.letting.delete(kept.file);
      });
    this.letting.set(kept.file, done);
  }
}
