import { existsSync } from 'node:fs';
import { computeLogStats, type LogStats } from '@engram/store';
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
  for (const s of all) {
    const width = Math.max(4, ...Object.keys(s.byType).map((t) => t.length));
    const lines = [
      `${s.file}`,
      `  events    ${s.events}${s.problems ? ` (+${s.problems} bad line${s.problems === 1 ? '' : 's'}: run engram log validate)` : ''}`,
      `  sessions  ${s.sessions.length}${s.sessions.length ? ` (${s.sessions.slice(0, 3).join(', ')}${s.sessions.length > 3 ? ', ...' : ''})` : ''}`,
      `  turns     ${s.turns}`,
      `  span      ${s.firstAt ?? '-'} .. ${s.lastAt ?? '-'} (${s.spanSeconds.toFixed(1)} s)`,
      `  by type`,
      ...Object.entries(s.byType).map(([t, n]) => `    ${t.padEnd(width)}  ${String(n).padStart(8)}`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return 0;
};
