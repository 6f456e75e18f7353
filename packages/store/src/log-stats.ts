import type { AnyEnvelope } from '@engram/events';
import { readLogFile } from './effects/read-log-file.js';
import { compareCodeUnits } from '@engram/kernel';

/** One log's counts, as `engram log stats` shows them. */
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
    byType: Object.fromEntries(Object.entries(byType).sort(([a], [b]) => compareCodeUnits(a, b))),
    sessions: [...sessions].sort(),
    turns: turns.size,
    firstAt,
    lastAt,
    spanSeconds: firstAt && lastAt ? (Date.parse(lastAt) - Date.parse(firstAt)) / 1000 : 0,
  };
};
