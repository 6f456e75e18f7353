import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';

/**
 * How long a pid file with a live pid and no socket yet counts as a service still starting (its
 * runtime loads in well under a second): the client then does not start another. Past it, a pid
 * that outlived its service (reused by another process) no longer stops a start.
 */
export const STARTING_GRACE_MS = 10_000;

const starting = (pidFile: string, now: number): boolean => {
  try {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0 || now - statSync(pidFile).mtimeMs > STARTING_GRACE_MS) return false;
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts `engram serve --home <home>` in the background (detached, no stdio, not waited for),
 * unless one is already starting. A service that finds another running exits at once.
 */
export const spawnService = (launcher: string, home: string, pidFile: string, env: NodeJS.ProcessEnv): void => {
  if (starting(pidFile, Date.now())) return;
  try {
    spawn(process.execPath, [launcher, 'serve', '--home', home], { detached: true, stdio: 'ignore', env }).unref();
  } catch {
    // The hook runs in-process anyway; the next one tries again.
  }
};
