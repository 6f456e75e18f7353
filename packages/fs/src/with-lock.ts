import lockfile from 'proper-lockfile';
import { mkdirSync, realpathSync, rmdirSync, statSync, utimesSync, type Stats } from 'node:fs';
import { resolve } from 'node:path';
import { FsError, errnoOf, toFsError } from './fs-error.js';
import { TaggedError } from '@engram/kernel';

/** How long to wait for a lock and when to treat one as abandoned. */
export interface LockSettings {
  /** Attempts after the first; with the delays below, about 30 s of waiting before giving up. */
  readonly retries: number;
  readonly minTimeoutMs: number;
  readonly maxTimeoutMs: number;
  /** A lock not refreshed for this long belongs to a dead process and is taken over (proper-lockfile's floor is 2 s). */
  readonly staleMs: number;
  /**
   * Keep the lock until the process next yields, for a back-to-back write to reuse (default
   * false). Worth it for batches of small writes (the semantic store's encodes); off elsewhere,
   * because a process that blocks right after (synchronous work, a spawnSync) would keep the
   * lock, and other writers waiting, until it yields.
   */
  readonly linger?: boolean;
}

export const DEFAULT_LOCK_SETTINGS: LockSettings = {
  // Many sessions share the global store; a writer holds the lock for milliseconds, so waiting
  // up to ~30 s in total only ever happens when another holder died and its lock must go stale.
  retries: 400,
  minTimeoutMs: 2,
  maxTimeoutMs: 100,
  // A killed writer's lock is taken over after this; long enough that a busy live writer
  // (whose lock is refreshed every staleMs/2) is never mistaken for a dead one.
  staleMs: 10_000,
};

/** Thrown when the lock was lost (taken over as stale) before the write was committed. */
export class LockCompromisedError extends TaggedError('LockCompromisedError')<{ readonly reason: 'lock-lost'; readonly file: string; readonly message: string; readonly cause?: unknown }> {
  constructor(file: string, cause: unknown) {
    super({ reason: 'lock-lost', file, message: `${file}: the lock was lost before the write was committed; nothing was written`, cause });
  }
}

/** In-process queue per file, so one process's own writers wait in line instead of polling the lock. */
const queues = new Map<string, Promise<unknown>>();

/**
 * After a critical section the lock is kept until the process next yields to the event loop,
 * and reused for at most this long, so back-to-back writes from one process (a batch of
 * encodes, a loop) pay for one mkdir/rmdir instead of one each. Far below `staleMs`, so a
 * reused lock is never one another process could have taken over as stale.
 */
const LINGER_MAX_MS = 20;

interface HeldLock {
  release: () => Promise<void>;
  readonly acquiredAt: number;
  compromised: unknown;
  timer: NodeJS.Immediate | null;
}

/** Locks this process holds right now, by resolved file path. */
const held = new Map<string, HeldLock>();

/** The guard handed to the critical section: call it right before committing a write. */
export type AssertLockHeld = () => void;

/**
 * The one lock helper: runs `fn` holding the cross-process lock of `file` (proper-lockfile: `<file>.lock`, which
 * works before `file` exists because realpath is off). The lock covers the whole
 * read-modify-write. If the lock is compromised, `assertHeld` throws, so the write is abandoned
 * instead of overwriting someone else's; proper-lockfile's default would throw from a timer.
 */
export const withLock = async <T>(file: string, settings: Partial<LockSettings>, fn: (assertHeld: AssertLockHeld) => T | Promise<T>): Promise<T> => {
  const key = resolve(file);
  const full: LockSettings = { ...DEFAULT_LOCK_SETTINGS, ...settings };
  const previous = queues.get(key) ?? Promise.resolve();
  let done: () => void = () => undefined;
  const mine = new Promise<void>((res) => {
    done = res;
  });
  const tail = previous.then(() => mine);
  queues.set(key, tail);
  await previous;
  try {
    const lock = await takeLock(key, file, full);
    try {
      return await fn(() => {
        if (lock.compromised !== null) throw new LockCompromisedError(file, lock.compromised);
      });
    } finally {
      if (lock.compromised !== null) held.delete(key);
      else if (full.linger !== true) {
        held.delete(key);
        await lock.release();
      } else
        lock.timer = setImmediate(() => {
          if (held.get(key) !== lock) return;
          held.delete(key);
          void lock.release();
        });
    }
  } finally {
    done();
    if (queues.get(key) === tail) queues.delete(key);
  }
};

/** The lock still held from this process's last write if it is fresh, else a new one. */
const takeLock = async (key: string, file: string, settings: LockSettings): Promise<HeldLock> => {
  const kept = held.get(key);
  if (kept !== undefined) {
    if (kept.timer !== null) clearImmediate(kept.timer);
    kept.timer = null;
    if (kept.compromised === null && Date.now() - kept.acquiredAt <= LINGER_MAX_MS) return kept;
    held.delete(key);
    if (kept.compromised === null) await kept.release();
  }
  const lock: HeldLock = {
    release: () => Promise.resolve(),
    acquiredAt: Date.now(),
    compromised: null,
    timer: null,
  };
  const take = (retries: number) =>
    lockfile.lock(file, {
      realpath: false,
      stale: settings.staleMs,
      fs: directFs,
      retries: { retries, factor: 1.5, minTimeout: settings.minTimeoutMs, maxTimeout: settings.maxTimeoutMs, randomize: true },
      onCompromised: (err: Error) => {
        lock.compromised = err;
      },
    });
  let release: () => Promise<void>;
  try {
    // One try first: the retry library lays out every delay (thousands, with random factors) before
    // its first attempt, which cost more than the lock itself when the lock is free, as it mostly is.
    release = await take(0).catch((err: unknown) => {
      if (errnoOf(err) === 'ELOCKED' && settings.retries > 0) return take(settings.retries);
      throw err;
    });
  } catch (err) {
    throw new FsError(errnoOf(err) === 'ELOCKED' ? 'lock' : toFsError(err, file, 'lock', '').reason, file, 'lock', errnoOf(err), 'nothing was written', {
      cause: err,
      detail: `could not take the lock ${file}.lock (${(err as Error).message})`,
    });
  }
  // A failed release leaves a lock that goes stale and is taken over; nothing to undo here.
  lock.release = () => release().catch(() => undefined);
  held.set(key, lock);
  return lock;
};

/**
 * The file system proper-lockfile works through: its five calls done synchronously, answered
 * through the callback. A lock then costs a mkdir and a stat with no thread-pool round trips
 * (about 10x faster here than the default graceful-fs), and, unlike `lockSync`, retries still
 * work and the mtime-precision probe is cached on this one object.
 */
const directFs = {
  mkdir: (path: string, cb: (err: Error | null) => void) => call(() => mkdirSync(path), cb),
  realpath: (path: string, cb: (err: Error | null, out?: string) => void) => call(() => realpathSync(path), cb),
  stat: (path: string, cb: (err: Error | null, out?: Stats) => void) => call(() => statSync(path), cb),
  rmdir: (path: string, cb: (err: Error | null) => void) => call(() => rmdirSync(path), cb),
  utimes: (path: string, atime: Date, mtime: Date, cb: (err: Error | null) => void) => call(() => utimesSync(path, atime, mtime), cb),
  // proper-lockfile's exit handler removes held locks with this; without it a process that
  // exits while its lock lingers would leave the lock for others to wait out as stale.
  rmdirSync,
};

const call = <R>(op: () => R, cb: (err: Error | null, out?: R) => void): void => {
  let out: R;
  try {
    out = op();
  } catch (err) {
    cb(err as Error);
    return;
  }
  cb(null, out);
};
