/**
 * Progress on stderr for long jobs, only when a person is watching (stderr is a TTY) and the
 * output is not machine-read (`--json`). Redraws at most every PROGRESS_INTERVAL_MS.
 */
const PROGRESS_INTERVAL_MS = 100;

export interface Progress {
  update(message: string): void;
  done(): void;
}

export const progress = (enabled: boolean = process.stderr.isTTY === true): Progress => {
  let last = 0;
  let shown = false;
  return {
    update: (message) => {
      if (!enabled) return;
      const now = Date.now();
      if (now - last < PROGRESS_INTERVAL_MS) return;
      last = now;
      shown = true;
      process.stderr.write(`\r\x1b[2K${message}`);
    },
    done: () => {
      if (shown) process.stderr.write('\r\x1b[2K');
      shown = false;
    },
  };
};

export const percent = (done: number, total: number): string => (total > 0 ? `${((100 * done) / total).toFixed(0)}%` : '');
