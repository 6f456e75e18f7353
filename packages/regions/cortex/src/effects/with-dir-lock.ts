import { mkdirSync, rmdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A holder keeps the pending-file lock for milliseconds; one older than this died holding it. */
const STALE_MS = 10_000;
/** Give up after waiting this long: long enough for a stale lock to expire and be taken over. */
const MAX_WAIT_MS = 30_000;
/** Folders engram creates are private to the user. */
const PRIVATE_DIR_MODE = 0o700;
/** Poll interval while another process holds the lock. */
const POLL_MS = 5;

/**
 * Runs `fn` holding a cross-process lock on `file`: the directory `<file>.lock`, made with
 * mkdir (atomic on every local file system, the scheme proper-lockfile uses, so the two
 * interoperate). A lock older than `STALE_MS` belongs to a dead process and is taken over.
 * The cortex keeps its own small lock rather than depend on the hippocampus package.
 */
export const withDirLock = async <T>(file: string, fn: () => T | Promise<T>): Promise<T> => {
  const lock = `${file}.lock`;
  const started = Date.now();
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (isStale(lock)) {
        try {
          rmdirSync(lock);
        } catch {
          // another waiter took it over first
        }
        continue;
      }
      if (Date.now() - started > MAX_WAIT_MS) throw new Error(`${file}: could not take the lock ${lock} within ${MAX_WAIT_MS / 1000} s`, { cause: err });
      await sleep(POLL_MS);
    }
  }
  try {
    return await fn();
  } finally {
    try {
      rmdirSync(lock);
    } catch {
      // already taken over as stale; nothing to undo
    }
  }
};

const isStale = (lock: string): boolean => {
  try {
    return Date.now() - statSync(lock).mtimeMs > STALE_MS;
  } catch {
    return false; // gone: the next mkdir will tell
  }
};
