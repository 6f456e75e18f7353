import type { BasalGangliaParams } from './basal-ganglia-params.js';
import { DAY_MS, recency } from './recency.js';
import type { ArchiveReason, Instinct } from './instinct.js';
import { describePattern } from './pattern.js';
import type { PatternScore } from './pattern-score.js';

export interface InstinctPlanInput {
  readonly scores: readonly PatternScore[];
  /** The instincts on disk that are still tracked (active or promoted). */
  readonly existing: readonly Instinct[];
  readonly now: number;
  readonly params: BasalGangliaParams;
  /** Track new patterns (analyze) or only re-score and archive what is tracked (archive). */
  readonly track: boolean;
  /** Promote the instincts that meet the thresholds (the seed's promotion check). */
  readonly promote: boolean;
}

export interface InstinctPlan {
  /** Tracked instincts after this run, strongest first (at most `maxActive`). */
  readonly active: Instinct[];
  readonly archived: Instinct[];
  /** Ids promoted by this run. */
  readonly promoted: string[];
  /** Active ids that meet the promotion thresholds but were not promoted (promote was off). */
  readonly promotable: string[];
}

const iso = (ms: number): string => new Date(ms).toISOString();

const byStrength = (a: Instinct, b: Instinct): number => b.confidence - a.confidence || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A habit of one tool over and over says nothing a model can act on (issue 24: "Frequent tool
 * chain: Bash->Bash->Bash" was promoted 13 times and printed at 233 session starts): for an agent
 * with one tool every session is that chain. Such patterns are tracked, never promoted; a chain
 * of different tools (Grep->Read->Edit) names a way of working and still may be.
 */
const isBareToolPattern = (i: Pick<Instinct, 'tools'>): boolean => new Set(i.tools).size <= 1;

/** Whether an instinct meets the seed's promotion thresholds and is about something. */
export const meetsPromotion = (i: Instinct, params: BasalGangliaParams): boolean =>
  !isBareToolPattern(i) && i.confidence >= params.promoteAtConfidence && i.observations >= params.promoteMinObservations && i.sessions >= params.promoteMinSessions;

const fromScore = (s: PatternScore, prior: Instinct | undefined, now: number): Instinct => ({
  id: s.id,
  kind: s.kind,
  tools: [...s.tools],
  description: describePattern(s.kind, s.tools),
  // A promoted habit that did not help (its sessions failed no less) goes back to being tracked.
  status: prior?.status === 'promoted' && s.helped !== false ? 'promoted' : 'active',
  confidence: s.confidence,
  frequency: s.frequency,
  consistency: s.consistency,
  observations: s.observations,
  selfConfirmed: s.selfConfirmed,
  sessions: s.sessions,
  sessionsInWindow: s.sessionsInWindow,
  firstSeen: prior !== undefined && Date.parse(prior.firstSeen) < s.firstSeen ? prior.firstSeen : iso(s.firstSeen),
  lastSeen: iso(s.lastSeen),
  updatedAt: iso(now),
  promotedAt: s.helped === false ? null : (prior?.promotedAt ?? null),
  archivedAt: null,
  archiveReason: null,
});

/** A tracked instinct with no fresh evidence in the window decays from its last numbers (one decay, from lastSeen). */
const decayed = (i: Instinct, now: number, params: BasalGangliaParams): Instinct => ({
  ...i,
  confidence: i.frequency * i.consistency * recency(Date.parse(i.lastSeen), now, params.halfLifeDays),
  updatedAt: iso(now),
});

const archive = (i: Instinct, reason: ArchiveReason, now: number): Instinct => ({ ...i, status: 'archived', archivedAt: iso(now), archiveReason: reason });

/**
 * The instinct lifecycle as a pure plan: re-score tracked instincts, track patterns at or above
 * `trackAtConfidence`, archive what decayed below `archiveBelowConfidence` or was not seen for
 * `archiveAfterDays`, keep the `maxActive` strongest, and promote what meets the thresholds.
 * The effects write the plan; nothing here reads a file or the clock.
 */
export const planInstincts = (input: InstinctPlanInput): InstinctPlan => {
  const { scores, existing, now, params } = input;
  const scoreById = new Map(scores.map((s) => [s.id, s]));
  const priorById = new Map(existing.map((i) => [i.id, i]));
  const candidates = new Map<string, Instinct>();
  for (const prior of existing) {
    const s = scoreById.get(prior.id);
    candidates.set(prior.id, s === undefined ? decayed(prior, now, params) : fromScore(s, prior, now));
  }
  if (input.track) {
    for (const s of scores) if (!candidates.has(s.id) && s.confidence >= params.trackAtConfidence) candidates.set(s.id, fromScore(s, priorById.get(s.id), now));
  }
  const archived: Instinct[] = [];
  const kept: Instinct[] = [];
  for (const i of candidates.values()) {
    if (now - Date.parse(i.lastSeen) > params.archiveAfterDays * DAY_MS) archived.push(archive(i, 'stale', now));
    else if (i.confidence < params.archiveBelowConfidence) archived.push(archive(i, 'decayed', now));
    else kept.push(i);
  }
  kept.sort(byStrength);
  for (const i of kept.splice(params.maxActive)) archived.push(archive(i, 'capacity', now));
  const promoted: string[] = [];
  const promotable: string[] = [];
  const active = kept.map((i) => {
    if (i.status === 'promoted' || !meetsPromotion(i, params)) return i;
    if (!input.promote) {
      promotable.push(i.id);
      return i;
    }
    promoted.push(i.id);
    return { ...i, status: 'promoted' as const, promotedAt: iso(now) };
  });
  archived.sort(byStrength);
  return { active, archived, promoted, promotable };
};
