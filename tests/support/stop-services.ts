import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The `engram serve` processes of `home` (their command line names it). */
const servicesOf = (home: string): number[] =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return argv.includes('serve') && argv.includes(home);
      } catch {
        return false;
      }
    })
    .map(Number);

/**
 * Stops every `engram serve` the hooks started in the background for `home` (two hooks in a row
 * may each start one before either listens; the later one exits by itself) and waits for them
 * to exit: at most 10 s for the first to write its pid file, 10 s for all to be gone.
 */
export const stopServices = async (home: string): Promise<void> => {
  const pause = () => new Promise((r) => setTimeout(r, 100));
  for (let i = 0; i < 100 && !existsSync(join(home, 'run', 'serve.pid')); i++) await pause();
  for (let i = 0; i < 100; i++) {
    const pids = servicesOf(home);
    if (pids.length === 0) return;
    for (const pid of pids) process.kill(pid, 'SIGTERM');
    await pause();
  }
};
