import { chmodSync, lstatSync, readFileSync, unlinkSync } from 'node:fs';
import { createConnection } from 'node:net';
import { ensureDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, withLock, writeFileAtomic } from '@engram/fs';
import { lstatSocket } from '../client/effects/lstat-socket.js';
import type { ServePaths } from '../client/serve-paths.js';
import { TaggedError } from '@engram/kernel';

/** Why `engram serve` will not listen: an unsafe run folder or socket path (a link, not ours, not a socket), or another service already runs. */
export type ServeRefusedReason = 'unsafe-path' | 'not-owner' | 'already-running';

/** A service cannot start for this home: another one runs, or the socket path is not safe to use. */
export class ServeRefusedError extends TaggedError('ServeRefusedError')<{ readonly reason: ServeRefusedReason; readonly message: string }> {}

const uid = (): number | undefined => process.getuid?.();

/** Makes `<home>/run` a private folder of this user (0700), refusing a link or someone else's folder. */
const privateRunDir = (paths: ServePaths): void => {
  ensureDir(paths.home, paths.runDir);
  const st = lstatSync(paths.runDir);
  if (st.isSymbolicLink() || !st.isDirectory()) throw new ServeRefusedError({ reason: 'unsafe-path', message: `${paths.runDir} is not a folder` });
  if (uid() !== undefined && st.uid !== uid()) throw new ServeRefusedError({ reason: 'not-owner', message: `${paths.runDir} belongs to user ${st.uid}, not to this user` });
  if ((st.mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(paths.runDir, PRIVATE_DIR_MODE);
};

/** Whether something listens on the socket (a running service): a refused or missing socket is stale. */
const listening = (socket: string): Promise<boolean> =>
  new Promise((done) => {
    const conn = createConnection(socket);
    conn.on('connect', () => {
      conn.destroy();
      done(true);
    });
    conn.on('error', () => done(false));
  });

const pidIn = (file: string): number | null => {
  try {
    const n = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
};

/**
 * Claims the home for this process, under the home's claim lock (so two starting services take
 * turns): refuses when a service answers on the socket, refuses a socket path that is a link, not
 * a socket, or someone else's; removes a stale socket (a crashed service's); writes the pid file;
 * calls `listen` and makes the socket 0600. Returns the socket's inode, so the service later
 * removes only its own socket.
 */
export const claimHome = (paths: ServePaths, listen: () => Promise<void>): Promise<bigint> => {
  privateRunDir(paths);
  return withLock(paths.claimLock, {}, async () => {
    let st;
    try {
      st = lstatSocket(paths.socket);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (st !== undefined) {
      if (st.isSymbolicLink()) throw new ServeRefusedError({ reason: 'unsafe-path', message: `${paths.socket} is a symbolic link; refusing to listen there` });
      if (!st.isSocket()) throw new ServeRefusedError({ reason: 'unsafe-path', message: `${paths.socket} is not a socket; refusing to replace it` });
      const me = uid();
      if (me !== undefined && st.uid !== BigInt(me)) throw new ServeRefusedError({ reason: 'not-owner', message: `${paths.socket} belongs to user ${st.uid}; refusing to replace it` });
      if (await listening(paths.socket)) {
        const pid = pidIn(paths.pidFile);
        throw new ServeRefusedError({ reason: 'already-running', message: `another engram serve${pid === null ? '' : ` (pid ${pid})`} runs for ${paths.home}` });
      }
      unlinkSync(paths.socket);
    }
    writeFileAtomic(paths.pidFile, `${process.pid}\n`, { root: paths.runDir });
    const old = process.umask(0o177);
    try {
      await listen();
    } finally {
      process.umask(old);
    }
    chmodSync(paths.socket, PRIVATE_FILE_MODE);
    return lstatSocket(paths.socket).ino;
  });
};

/** Removes the socket and pid file if they are still this service's (a newer service may have replaced them). */
export const releaseHome = (paths: ServePaths, socketIno: bigint): void => {
  try {
    const st = lstatSocket(paths.socket);
    if (st.isSocket() && st.ino === socketIno) unlinkSync(paths.socket);
  } catch {
    // Already gone.
  }
  if (pidIn(paths.pidFile) === process.pid)
    try {
      unlinkSync(paths.pidFile);
    } catch {
      // Already gone.
    }
};
