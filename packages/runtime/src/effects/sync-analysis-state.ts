import { lastActivity, projectObservations, summarizeSessions } from '@engram/basal-ganglia';
import type { SessionLogs } from '../session-logs.js';
import { emptyAnalysisState, keptProblems, type AnalysisState, type LogEntry } from '../instincts/analysis-state.js';

export interface SyncResult {
  readonly state: AnalysisState;
  /** Every log (its location), in session order. */
  readonly files: readonly string[];
  /** Logs read in this run (new or changed since the state was written). */
  readonly read: readonly string[];
  /** False when the time budget ran out before every changed log was read: the state holds the progress. */
  readonly complete: boolean;
}

/**
 * Brings the analysis state up to date with the stored logs: a log whose size and change time
 * match its entry is not read; a new or changed log is read and summarised per session; a log
 * that is gone is dropped. Reading stops at `deadline` (ms, wall clock; one log is always read),
 * so a session's end never pays for a backlog at once: the progress is kept and the next run goes on.
 * With `now` before the state's horizon (an analysis pinned in the past) everything is read again.
 */
export const syncAnalysisState = async (source: SessionLogs, prior: AnalysisState, now: number, deadline = Number.POSITIVE_INFINITY): Promise<SyncResult> => {
  const base = now < prior.horizon ? emptyAnalysisState(prior.recoveryLookahead) : prior;
  const listed = await source.list();
  const logs: Record<string, LogEntry> = {};
  const read: string[] = [];
  let complete = true;
  for (const log of listed) {
    const file = log.location;
    const size = log.size;
    const mtimeMs = log.changedAt;
    const known = base.logs[file];
    if (known !== undefined && known.size === size && known.mtimeMs === mtimeMs) {
      logs[file] = known;
      continue;
    }
    // At least one log per run, so a run always makes progress (the session's own log first in practice).
    if (read.length > 0 && Date.now() > deadline) {
      complete = false;
      if (known !== undefined) logs[file] = known;
      continue;
    }
    read.push(file);
    try {
      const r = await source.read(log);
      const sessions = summarizeSessions(projectObservations(r.events), base.recoveryLookahead);
      const calls = sessions.reduce((n, s) => n + s.calls.length, 0);
      const last = sessions.reduce((m, s) => Math.max(m, lastActivity(s)), Number.NEGATIVE_INFINITY);
      logs[file] = { size, mtimeMs, calls, lastAt: Number.isFinite(last) ? last : null, sessions, problems: keptProblems(r.problems) };
    } catch (err) {
      logs[file] = { size, mtimeMs, calls: 0, lastAt: null, sessions: [], problems: [`${file}: ${err instanceof Error ? err.message : String(err)}`] };
    }
  }
  return { state: { ...base, logs }, files: listed.map((l) => l.location), read, complete };
};
