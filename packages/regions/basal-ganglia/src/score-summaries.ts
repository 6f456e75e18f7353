import type { BasalGangliaParams } from './basal-ganglia-params.js';
import { habitOutcome } from './habit-outcome.js';
import { inWindow } from './in-window.js';
import type { PatternKind } from './pattern.js';
import type { PatternScore } from './pattern-score.js';
import { recency } from './recency.js';
import type { SessionSummary } from './session-summary.js';

interface Tally {
  readonly kind: PatternKind;
  readonly tools: readonly string[];
  fresh: number;
  selfConfirmed: number;
  sessions: number;
  firstSeen: number;
  lastSeen: number;
}

/**
 * Scores every pattern seen in the window ending at `now`, from per-session summaries (the one
 * scoring implementation: `scorePatterns` summarises and calls this, the incremental analysis
 * keeps summaries and calls it too):
 * - frequency: fresh count / max(most common pattern's fresh count, `frequencyFloor`);
 * - consistency: sessions with the pattern / sessions with any call in the window (sessions, not
 *   repetitions: repeating a pattern inside one session never raises it);
 * - recency: the half-life decay since the pattern was last seen;
 * - outcome: a habit shown to enough sessions whose calls failed no less than the others' did not
 *   help (`habitOutcome`), and its confidence is multiplied by `unhelpfulFactor`.
 * Occurrences made while the pattern's own rule was injected are counted apart and never used.
 * Sorted by confidence, then id, so output is deterministic.
 */
export const scoreSummaries = (summaries: Iterable<SessionSummary>, now: number, params: BasalGangliaParams): PatternScore[] => {
  const inside = (t: number) => inWindow(t, now, params.windowDays);
  let sessionsInWindow = 0;
  const tallies = new Map<string, Tally>();
  const windowed: SessionSummary[] = [];
  for (const s of summaries) {
    if (s.calls.some(inside)) {
      sessionsInWindow += 1;
      windowed.push(s);
    }
    for (const [id, p] of Object.entries(s.patterns)) {
      let fresh = 0;
      let first = Number.POSITIVE_INFINITY;
      let last = Number.NEGATIVE_INFINITY;
      for (const t of p.fresh) {
        if (!inside(t)) continue;
        fresh += 1;
        first = Math.min(first, t);
        last = Math.max(last, t);
      }
      let self = 0;
      for (const t of p.self) if (inside(t)) self += 1;
      if (fresh === 0 && self === 0) continue;
      let t = tallies.get(id);
      if (t === undefined) {
        t = { kind: p.kind, tools: p.tools, fresh: 0, selfConfirmed: 0, sessions: 0, firstSeen: Number.POSITIVE_INFINITY, lastSeen: Number.NEGATIVE_INFINITY };
        tallies.set(id, t);
      }
      t.selfConfirmed += self;
      if (fresh === 0) continue;
      t.fresh += fresh;
      t.sessions += 1;
      t.firstSeen = Math.min(t.firstSeen, first);
      t.lastSeen = Math.max(t.lastSeen, last);
    }
  }
  let mostCommon = 0;
  for (const t of tallies.values()) mostCommon = Math.max(mostCommon, t.fresh);
  const norm = Math.max(mostCommon, params.frequencyFloor, 1);
  const scores: PatternScore[] = [];
  for (const [id, t] of tallies) {
    if (t.fresh === 0) continue;
    const frequency = t.fresh / norm;
    const consistency = t.sessions / sessionsInWindow;
    const r = recency(t.lastSeen, now, params.halfLifeDays);
    // Only a habit that was shown can be judged by its sessions; one that did not help decays.
    const helped = habitOutcome(id, windowed, params.outcomeMinSessions).helped;
    scores.push({
      id,
      kind: t.kind,
      tools: t.tools,
      observations: t.fresh,
      selfConfirmed: t.selfConfirmed,
      sessions: t.sessions,
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
