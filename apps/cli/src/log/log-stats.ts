import { existsSync } from 'node:fs';
import type { AnyEnvelope } from '@engram/events';
import { readLogFile } from '@engram/store';
import { percent, progress } from '../output/progress.js';

export interface LogStats {
  readonly file: string;
  readonly events: number;
  readonly problems: number;
  readonly byType: Record<string, number>;
  readonly sessions: string[];
  readonly turns: number;
  readonly firstAt: string | null;
  readonly lastAt: string | null;
  readonly spanSeconds: number;
}

/** Folds one log into counts: events by type, sessions, turns, time span. */
export const computeLogStats = (file: string, onProgress?: (done: number, total: number) => void): LogStats => {
  const byType: Record<string, number> = {};
  const sessions = new Set<string>();
  const turns = new Set<string>();
  let events = 0;
  let first: AnyEnvelope | null = null;
  let last: AnyEnvelope | null = null;
  const r = readLogFile(file, {
    ...(onProgress ? { onProgress } : {}),
    onEvent: (e) => {
      events++;
      byType[e.type] = (byType[e.type] ?? 0) + 1;
      sessions.add(e.sessionId);
      if (e.turn > 0) turns.add(`${e.sessionId}#${e.turn}`);
      first ??= e;
      last = e;
    },
  });
  const firstAt = (first as AnyEnvelope | null)?.at ?? null;
  const lastAt = (last as AnyEnvelope | null)?.at ?? null;
  return {
    file,
    events,
    problems: r.problems.length,
    byType: Object.fromEntries(Object.entries(byType).sort(([a], [b]) => a.localeCompare(b))),
    sessions: [...sessions].sort(),
    turns: turns.size,
    firstAt,
    lastAt,
    spanSeconds: firstAt && lastAt ? (Date.parse(lastAt) - Date.parse(firstAt)) / 1000 : 0,
  };
};

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
