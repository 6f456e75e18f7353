import type { BasalGangliaParams } from './basal-ganglia-params.js';
import { findChains } from './find-chains.js';
import { findErrorRetries } from './find-error-retries.js';
import { findRecoveries } from './find-recoveries.js';
import { inWindow } from './in-window.js';
import type { Observation } from './observation.js';
import type { Occurrence } from './pattern.js';
import type { PatternScore } from './pattern-score.js';
import { recency } from './recency.js';

interface Tally {
  readonly first: Occurrence;
  fresh: number;
  selfConfirmed: number;
  readonly sessions: Set<string>;
  firstSeen: number;
  lastSeen: number;
}

/**
 * The whole-log scoring as it was before summaries (kept as the reference the incremental fold is
 * checked against, so the property compares two independent implementations).
 *
 * Scores every pattern seen in the window ending at `now`:
 * - frequency: fresh count / max(most common pattern's fresh count, `frequencyFloor`);
 * - consistency: sessions with the pattern / sessions with any call in the window (sessions, not
 *   repetitions: repeating a pattern inside one session never raises it);
 * - recency: the half-life decay since the pattern was last seen;
 * - a habit shown to enough sessions whose calls failed no less than the others' is multiplied by `unhelpfulFactor`.
 * Occurrences made while the pattern's own rule was injected are counted apart and never used.
 * Sorted by confidence, then id, so output is deterministic.
 */
export const scorePatternsAtOnce = (observations: readonly Observation[], now: number, params: BasalGangliaParams): PatternScore[] => {
  const windowed = observations.filter((o) => inWindow(o.at, now, params.windowDays));
  const sessionsInWindow = new Set(windowed.map((o) => o.sessionId)).size;
  // Chains read prev/prev2 from the full history, so a chain straddling the window's edge counts.
  const occurrences = [...findChains(windowed), ...findErrorRetries(observations), ...findRecoveries(observations, params.recoveryLookahead)].filter((o) =>
    inWindow(o.at, now, params.windowDays),
  );
  // Whether a habit helped, from the observations themselves: every call of each session in the window.
  const bySession = new Map<string, { calls: number; failed: number; shown: Set<string> }>();
  for (const o of observations) {
    const s = bySession.get(o.sessionId) ?? { calls: 0, failed: 0, shown: new Set<string>() };
    s.calls += 1;
    if (!o.ok) s.failed += 1;
    for (const id of o.injected) s.shown.add(id);
    bySession.set(o.sessionId, s);
  }
  const inWindowSessions = [...bySession].filter(([id]) => windowed.some((o) => o.sessionId === id)).map(([, s]) => s);
  const helpedOf = (id: string): boolean | null => {
    const yes = inWindowSessions.filter((s) => s.shown.has(id));
    const no = inWindowSessions.filter((s) => !s.shown.has(id));
    const min = Math.max(1, params.outcomeMinSessions);
    if (yes.length < min || no.length < min) return null;
    const rate = (list: typeof yes): number => list.reduce((n, s) => n + s.failed, 0) / list.reduce((n, s) => n + s.calls, 0);
    return rate(yes) < rate(no);
  };
  const tallies = new Map<string, Tally>();
  for (const o of occurrences) {
    let t = tallies.get(o.id);
    if (t === undefined) {
      t = { first: o, fresh: 0, selfConfirmed: 0, sessions: new Set(), firstSeen: Number.POSITIVE_INFINITY, lastSeen: Number.NEGATIVE_INFINITY };
      tallies.set(o.id, t);
    }
    if (o.selfInjected) {
      t.selfConfirmed += 1;
      continue;
    }
    t.fresh += 1;
    t.sessions.add(o.sessionId);
    t.firstSeen = Math.min(t.firstSeen, o.at);
    t.lastSeen = Math.max(t.lastSeen, o.at);
  }
  let mostCommon = 0;
  for (const t of tallies.values()) mostCommon = Math.max(mostCommon, t.fresh);
  const norm = Math.max(mostCommon, params.frequencyFloor, 1);
  const scores: PatternScore[] = [];
  for (const [id, t] of tallies) {
    if (t.fresh === 0) continue;
    const frequency = t.fresh / norm;
    const consistency = t.sessions.size / sessionsInWindow;
    const r = recency(t.lastSeen, now, params.halfLifeDays);
    const helped = helpedOf(id);
    scores.push({
      id,
      kind: t.first.kind,
      tools: t.first.tools,
      observations: t.fresh,
      selfConfirmed: t.selfConfirmed,
      sessions: t.sessions.size,
      sessionsInWindow,
      firstSeen: t.firstSeen,
      lastSeen: t.lastSeen,
      frequency,
      consistency,
      recency: r,
      confidence: frequency * consistency * r * (helped === false ? params.unhelpfulFactor : 1),
      helped,
    });
  }
  return scores.sort((a, b) => b.confidence - a.confidence || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
};
