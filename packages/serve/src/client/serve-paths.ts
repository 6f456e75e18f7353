import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Where a home's service keeps its socket, pid file, lock and log: `<home>/run`, private to the user. */
export interface ServePaths {
  readonly home: string;
  readonly runDir: string;
  readonly socket: string;
  readonly pidFile: string;
  /** Taken while a service claims the home (checks the socket, writes the pid file, listens). */
  readonly claimLock: string;
  readonly logFile: string;
}

/**
 * Longest socket path the client tries: Linux's `sun_path` holds 108 bytes with the final NUL,
 * macOS's 104; a home deeper than this runs its hooks in-process.
 */
export const MAX_SOCKET_PATH_BYTES = 103;

/**
 * The global root as @engram/fs's `resolveEngramHome` names it (`--home`, else `$ENGRAM_HOME`,
 * else `~/.engram`), repeated here so the hook client loads nothing of engram's (a test holds
 * the two equal).
 */
export const resolveHome = (flag: string | undefined, env: Readonly<Record<string, string | undefined>>, cwd: string): string => {
  const fromEnv = env['ENGRAM_HOME'];
  return resolve(cwd, flag ?? (fromEnv === undefined || fromEnv === '' ? join(homedir(), '.engram') : fromEnv));
};

export const servePaths = (home: string): ServePaths => {
  const runDir = join(home, 'run');
  return { home, runDir, socket: join(runDir, 'engram.sock'), pidFile: join(runDir, 'serve.pid'), claimLock: join(runDir, 'serve'), logFile: join(runDir, 'serve.log') };
};
