import { lstatSocket } from './lstat-socket.js';

/** Nothing at the socket path: no service has run, or it stopped cleanly. */
export const ABSENT = { absent: true } as const;

/**
 * Why the socket at `path` must not be talked to, or null when it is a socket owned by this user;
 * ABSENT when nothing is there. A link (even to a real socket) or someone else's socket is
 * refused: a hook's payload goes only to the user's own service.
 */
export const socketProblem = (path: string): string | typeof ABSENT | null => {
  let st;
  try {
    st = lstatSocket(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return ABSENT;
    return `cannot inspect ${path}: ${(err as Error).message}`;
  }
  if (st.isSymbolicLink()) return `${path} is a symbolic link; refusing to use it`;
  if (!st.isSocket()) return `${path} is not a socket`;
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== BigInt(uid)) return `${path} belongs to user ${st.uid}, not to this user (${uid})`;
  return null;
};
