import { dirname } from 'node:path';
import { ensureDir, FsError, rootForDir, withLock } from '@engram/fs';
import type { SessionLease } from '../brain-stores.js';

/**
 * Holds, for as long as a host keeps a session open, the cross-process lock of `<event log>.chat`
 * (the one lock helper of @engram/fs: refreshed while held, taken over once stale if the holder
 * died). The log's own lock only orders single appends. Resolves 'taken' when another live host
 * holds it.
 */
export const holdFileSessionLease = (eventLog: string): Promise<SessionLease | 'taken'> =>
  new Promise((resolve, reject) => {
    // A new session's log (and its folder) is written lazily; the lock needs the folder now.
    const dir = dirname(eventLog);
    ensureDir(rootForDir(dir), dir);
    let letGo: () => void = () => undefined;
    const released = new Promise<void>((r) => (letGo = r));
    const held: Promise<void> = withLock(`${eventLog}.chat`, { retries: 0 }, async () => {
      resolve(async () => {
        letGo();
        await held;
      });
      await released;
    });
    held.catch((err: unknown) => {
      if (err instanceof FsError && err.reason === 'lock') resolve('taken');
      else reject(err instanceof Error ? err : new Error(String(err)));
    });
  });
