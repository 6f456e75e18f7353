import type { PadProcess } from './pad-process.js';

/**
 * Every pad child still running in this process. Pads run detached (their own process group
 * and session), which also means they would outlive the host if it exited without
 * `closeAll()`; one `exit` hook kills whatever is left, with everything the pads started
 * (cgroup and /proc sweep, synchronously). When no hook can run (the host is SIGKILLed), the
 * watchdog (`pad-watchdog.ts`) does the same.
 */
const live = new Set<PadProcess>();

const killLeftovers = (): void => {
  for (const pad of live) pad.killNow();
  live.clear();
};

export const trackProcess = (pad: PadProcess): void => {
  if (live.size === 0) process.on('exit', killLeftovers);
  live.add(pad);
  void pad.closed().then(() => untrackProcess(pad));
};

const untrackProcess = (pad: PadProcess): void => {
  if (!live.delete(pad)) return;
  if (live.size === 0) process.off('exit', killLeftovers);
};
