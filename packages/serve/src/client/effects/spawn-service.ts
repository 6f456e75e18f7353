import { existsSync, readFileSync, statSync } from 'node:fs';

/**
 * How long a pid file with a live pid and no socket yet counts as a service still starting (its
 * runtime loads in well under a second): the client then does not start another. Past it, a pid
 * that outlived its service (reused by another process) no longer stops a start.
 */
const STARTING_GRACE_MS = 10_000;

/**
 * Whether the process is an engram (its command line names engram), where the system shows
 * command lines (/proc); elsewhere any live process counts. A pid the system reused for
 * another program is no service starting.
 */
const isEngram = (pid: number): boolean => {
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch (err) {
    // No /proc (macOS): the pid check alone decides. Gone between the two checks: not starting.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT' || !existsSync('/proc/self');
  }
  return /engram/i.test(cmdline);
};

const starting = (pidFile: string, now: number): boolean => {
  try {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0 || now - statSync(pidFile).mtimeMs > STARTING_GRACE_MS) return false;
    process.kill(pid, 0);
    return isEngram(pid);
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
    // node:child_process only now: a served hook's client starts no process (served-hook-client.ts).
    process.getBuiltinModule('node:child_process').spawn(process.execPath, [launcher, 'serve', '--home', home], { detached: true, stdio: 'ignore', env }).unref();
  } catch {
    // The hook runs in-process anyway; the next one tries again.
  }
};
