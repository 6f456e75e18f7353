import type { PoolClient } from 'pg';
import { changeChannel, quotedChannel } from '../change-channel.js';
import type { PostgresDb } from './open-postgres.js';

/** Tries to LISTEN again are this far apart at least: a dead server is not asked by every read. */
const RELISTEN_EVERY_MS = 1_000;
const MEMORY_PREFIX = 'memory ';

/**
 * One LISTEN connection per open database, shared by its memory stores: it tells a store that
 * its scope changed (a wake-up: the store then reads through row-level security; the payload
 * names the scope only). `live` says whether wake-ups are flowing now; while they are not (not
 * yet listening, or the connection was lost) a store must not trust a cache, so it reads afresh,
 * and every subscriber is woken when listening (re)starts, since anything may have changed in
 * between.
 */
export class MemoryWakeups {
  private client: PoolClient | null = null;
  private starting: Promise<void> | null = null;
  private lastTry = 0;
  private readonly subscribers = new Map<string, Set<() => void>>();

  constructor(private readonly db: PostgresDb) {}

  get live(): boolean {
    return this.client !== null;
  }

  /** Calls `onWake` whenever the scope may have changed; returns the unsubscribe. */
  subscribe(scopeKey: string, onWake: () => void): () => void {
    let set = this.subscribers.get(scopeKey);
    if (set === undefined) this.subscribers.set(scopeKey, (set = new Set()));
    set.add(onWake);
    return () => {
      set.delete(onWake);
      if (set.size === 0) this.subscribers.delete(scopeKey);
      if (this.subscribers.size === 0) this.stop();
    };
  }

  /** Starts listening unless it is (or tried a moment ago); resolves once that attempt ended. */
  ensure(): Promise<void> {
    if (this.client !== null || this.subscribers.size === 0) return Promise.resolve();
    if (this.starting !== null) return this.starting;
    if (Date.now() - this.lastTry < RELISTEN_EVERY_MS) return Promise.resolve();
    this.lastTry = Date.now();
    this.starting = this.start().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async start(): Promise<void> {
    let c: PoolClient | null = null;
    try {
      c = await this.db.pool.connect();
      c.on('notification', this.onNotification);
      c.on('error', this.onLost);
      c.on('end', this.onLost);
      await c.query(`LISTEN ${quotedChannel(this.db.tenant)}`);
    } catch {
      if (c !== null) this.drop(c, true);
      return;
    }
    if (this.subscribers.size === 0) {
      this.drop(c, false);
      return;
    }
    this.client = c;
    this.wakeAll();
  }

  private readonly onNotification = (msg: { channel: string; payload?: string | undefined }): void => {
    if (msg.channel !== changeChannel(this.db.tenant) || msg.payload?.startsWith(MEMORY_PREFIX) !== true) return;
    for (const wake of this.subscribers.get(msg.payload.slice(MEMORY_PREFIX.length)) ?? []) wake();
  };

  private readonly onLost = (): void => {
    const c = this.client;
    if (c === null) return;
    this.client = null;
    this.drop(c, true);
    this.wakeAll();
  };

  private wakeAll(): void {
    for (const set of this.subscribers.values()) for (const wake of set) wake();
  }

  private drop(c: PoolClient, broken: boolean): void {
    c.removeListener('notification', this.onNotification);
    c.removeListener('error', this.onLost);
    c.removeListener('end', this.onLost);
    // A dead connection may still report errors: never as an uncaught exception.
    c.on('error', () => undefined);
    // A broken connection is destroyed; a healthy one stops listening before it goes back.
    if (broken) c.release(true);
    else
      c.query(`UNLISTEN ${quotedChannel(this.db.tenant)}`).then(
        () => c.release(),
        () => c.release(true),
      );
  }

  private stop(): void {
    const c = this.client;
    this.client = null;
    if (c !== null) this.drop(c, false);
  }
}

const shared = new WeakMap<PostgresDb, MemoryWakeups>();

/** The database's one wake-up listener for memory. */
export const memoryWakeups = (db: PostgresDb): MemoryWakeups => {
  let w = shared.get(db);
  if (w === undefined) shared.set(db, (w = new MemoryWakeups(db)));
  return w;
};
