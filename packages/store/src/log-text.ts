import type { AnyEnvelope } from '@engram/events';
import type { LogStats } from './log-stats.js';

/** How much of an event's data a one-line summary shows. */
const SUMMARY_CHARS = 100;

/**
 * What `engram log stats` and `engram log tail` print for a person (their `--json` is the data):
 * pure, so any host that shows a log shows it the same way.
 */
export const logText = {
  /** One event on one line: seq, time, turn and round, type, and the start of its data. */
  event: (e: AnyEnvelope): string => {
    const data = JSON.stringify(e.data);
    const summary = data.length > SUMMARY_CHARS ? `${data.slice(0, SUMMARY_CHARS)}...` : data;
    return `${String(e.seq).padStart(6)}  ${e.at}  t${e.turn}.r${e.round}  ${e.type}  ${summary}`;
  },
  /** One log's figures: events, sessions, turns, span, and the count per event type. */
  stats: (s: LogStats): string => {
    const width = Math.max(4, ...Object.keys(s.byType).map((t) => t.length));
    return `${[
      `${s.file}`,
      `  events    ${s.events}${s.problems ? ` (+${s.problems} bad line${s.problems === 1 ? '' : 's'}: run engram log validate)` : ''}`,
      `  sessions  ${s.sessions.length}${s.sessions.length ? ` (${s.sessions.slice(0, 3).join(', ')}${s.sessions.length > 3 ? ', ...' : ''})` : ''}`,
      `  turns     ${s.turns}`,
      `  span      ${s.firstAt ?? '-'} .. ${s.lastAt ?? '-'} (${s.spanSeconds.toFixed(1)} s)`,
      `  by type`,
      ...Object.entries(s.byType).map(([t, n]) => `    ${t.padEnd(width)}  ${String(n).padStart(8)}`),
    ].join('\n')}\n`;
  },
};
