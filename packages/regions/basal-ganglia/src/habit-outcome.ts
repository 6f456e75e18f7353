import type { SessionSummary } from './session-summary.js';

/** Whether a habit helped: the sessions shown it against the sessions that were not. */
export interface HabitOutcome {
  readonly shownSessions: number;
  /** Failed calls per call in the sessions shown the habit (null without any). */
  readonly shownFailureRate: number | null;
  readonly otherSessions: number;
  readonly otherFailureRate: number | null;
  /** The shown sessions failed less; null while either side has fewer than `minSessions` sessions. */
  readonly helped: boolean | null;
}

const rateOf = (calls: number, failed: number): number | null => (calls === 0 ? null : failed / calls);

/**
 * Issue 24 item 5: a promoted habit must have helped. The sessions that were shown it (it was
 * injected before their calls) are compared with the sessions that were not, by the share of
 * their calls that failed (pooled, so a long session weighs by its calls). A habit whose sessions
 * failed no less than the others did not help. Too few sessions on either side say nothing yet.
 */
export const habitOutcome = (id: string, sessions: Iterable<Pick<SessionSummary, 'calls' | 'failed' | 'shown'>>, minSessions: number): HabitOutcome => {
  const shown = { sessions: 0, calls: 0, failed: 0 };
  const other = { sessions: 0, calls: 0, failed: 0 };
  for (const s of sessions) {
    if (s.calls.length === 0) continue;
    const side = s.shown.includes(id) ? shown : other;
    side.sessions += 1;
    side.calls += s.calls.length;
    side.failed += s.failed;
  }
  const shownFailureRate = rateOf(shown.calls, shown.failed);
  const otherFailureRate = rateOf(other.calls, other.failed);
  const enough = shown.sessions >= Math.max(1, minSessions) && other.sessions >= Math.max(1, minSessions);
  return {
    shownSessions: shown.sessions,
    shownFailureRate,
    otherSessions: other.sessions,
    otherFailureRate,
    helped: !enough || shownFailureRate === null || otherFailureRate === null ? null : shownFailureRate < otherFailureRate,
  };
};
