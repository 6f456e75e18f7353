import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { PAD_WATCHDOG_SOURCE } from './pad-watchdog-source.js';

/** A pad the watchdog must kill if the host dies: its marker, pid, start time and cgroup directory. */
export interface WatchedPad {
  readonly marker: string;
  readonly pid: number;
  readonly start?: number;
  readonly cgroup?: string;
}

const watched = new Map<string, WatchedPad>();
let watchdog: { readonly child: ChildProcess; readonly stdin: Socket } | undefined;

const send = (message: object): void => {
  if (watchdog === undefined) return;
  watchdog.stdin.write(`${JSON.stringify(message)}\n`);
};

/**
 * Starts the watchdog (`PAD_WATCHDOG_SOURCE`) if it is not running: detached, unreferenced (it
 * never keeps the host alive), with only PATH in its environment. Re-sends the pads it must
 * know if an earlier watchdog died.
 */
const ensureWatchdog = (): void => {
  if (watchdog !== undefined || process.platform !== 'linux') return;
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, ['-e', PAD_WATCHDOG_SOURCE], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
      cwd: '/',
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
      windowsHide: true,
    });
  } catch {
    return;
  }
  const stdin = child.stdin as Socket | null;
  if (stdin === null) return;
  const current = { child, stdin };
  watchdog = current;
  stdin.on('error', () => undefined);
  const lost = (): void => {
    if (watchdog === current) watchdog = undefined;
  };
  child.on('error', lost);
  child.on('exit', lost);
  child.unref();
  stdin.unref();
  for (const pad of watched.values()) send({ t: 'watch', ...pad });
};

/** The host is about to run this pad: if the host dies without cleaning up, the watchdog kills it. */
export const watchPad = (pad: WatchedPad): void => {
  watched.set(pad.marker, pad);
  ensureWatchdog();
  send({ t: 'watch', ...pad });
};

/** The pad is gone and swept: the watchdog can forget it. */
export const unwatchPad = (marker: string): void => {
  if (!watched.delete(marker)) return;
  send({ t: 'unwatch', marker });
};
