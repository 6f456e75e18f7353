import lockfile from 'proper-lockfile';

/** How long to wait for a lock and when to treat one as abandoned. */
export interface LockSettings {
  /** Attempts after the first; with the delays below, about 30 s of waiting before giving up. */
  readonly retries: number;
  readonly minTimeoutMs: number;
  readonly maxTimeoutMs: number;
  /** A lock not refreshed for this long belongs to a dead process and is taken over (proper-lockfile's floor is 2 s). */
  readonly staleMs: number;
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
export class LockCompromisedError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(`${file}: the lock was lost before the write was committed; nothing was written`, { cause });
    this.name = 'LockCompromisedError';
  }
}

/** In-process queue per file, so one process's own writers wait in line instead of polling the lock. */
const queues = new Map<string, Promise<unknown>>();

/** The guard handed to the critical section: call it right before committing a write. */
export type AssertLockHeld = () => void;

/**
 * Runs `fn` holding the cross-process lock of `file` (proper-lockfile: `<file>.lock`, which
 * works before `file` exists because realpath is off). The lock covers the whole
 * read-modify-write. If the lock is compromised, `assertHeld` throws, so the write is abandoned
 * instead of overwriting someone else's; proper-lockfile's default would throw from a timer.
 */
export const withFileLock = async <T>(file: string, settings: LockSettings, fn: (assertHeld: AssertLockHeld) => T | Promise<T>): Promise<T> => {
  const previous = queues.get(file) ?? Promise.resolve();
  let done: () => void = () => undefined;
  const mine = new Promise<void>((resolve) => {
    done = resolve;
  });
  const tail = previous.then(() => mine);
  queues.set(file, tail);
  await previous;
  try {
    let compromised: unknown = null;
    const release = await lockfile.lock(file, {
      realpath: false,
      stale: settings.staleMs,
      retries: { retries: settings.retries, factor: 1.5, minTimeout: settings.minTimeoutMs, maxTimeout: settings.maxTimeoutMs, randomize: true },
      onCompromised: (err) => {
        compromised = err;
      },
    });
    try {
      return await fn(() => {
        if (compromised !== null) throw new LockCompromisedError(file, compromised);
      });
    } finally {
      // A failed release leaves a lock that goes stale and is taken over; nothing to undo here.
      if (compromised === null) await release().catch(() => undefined);
    }
  } finally {
    done();
    if (queues.get(file) === tail) queues.delete(file);
  }
};
