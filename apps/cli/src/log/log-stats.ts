import { existsSync } from 'node:fs';
import { computeLogStats, logText, type LogStats } from '@engram/store';
import { percent, progress } from '../output/progress.js';

/** `engram log stats FILE... [--json]`. */
export const logStats = (files: readonly string[], options: { json?: boolean }): number => {
  const bar = progress(!options.json && process.stderr.isTTY === true);
  const all: LogStats[] = [];
  for (const file of files) {
    if (!existsSync(file)) {
      process.stderr.write(`engram log stats: ${file}: no such file\n`);
      return 1;
    }
    all.push(computeLogStats(file, (done, total) => bar.update(`reading ${file} ${percent(done, total)}`)));
    bar.done();
  }
  if (options.json) {
    process.stdout.write(`${JSON.stringify(all.length === 1 ? all[0] : all)}\n`);
    return 0;
  }
  for (const s of all) process.stdout.write(logText.stats(s));
  return 0;
};
