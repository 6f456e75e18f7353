import { findChains } from './find-chains.js';
import { findErrorRetries } from './find-error-retries.js';
import { findRecoveries } from './find-recoveries.js';
import type { Observation } from './observation.js';
import type { PatternKind } from './pattern.js';

/** One pattern's occurrences in one session. */
export interface PatternEvidence {
  readonly kind: PatternKind;
  readonly tools: readonly string[];
  /** Times (ms) of the occurrences that are evidence. */
  readonly fresh: readonly number[];
  /** Times of the occurrences made while the pattern's own rule was injected (never evidence). */
  readonly self: readonly number[];
}

/**
 * Everything the scoring needs from one session, so a session is read once and then kept as this
 * small record (the incremental analysis persists it): the times of its tool calls (is the
 * session in the window?) and, per pattern, the times of its occurrences. Patterns never span two
 * sessions, so a session's summary never changes because of another session.
 */
export interface SessionSummary {
  readonly sessionId: string;
  /** Times (ms) of the session's tool calls. */
  readonly calls: readonly number[];
  /** How many of the session's calls failed: with `calls`, how well the session went. */
  readonly failed: number;
  /** The habits (instinct ids) the session was shown: whether they helped is judged on sessions like it. */
  readonly shown: readonly string[];
  readonly patterns: Record<string, PatternEvidence>;
}

/** Injected ids that are habits (instincts), as `patternId` makes them. */
const HABIT_ID_PREFIX = 'basal-ganglia.';

/** The latest time anything in the summary happened (-Infinity when the session made no call). */
export const lastActivity = (s: SessionSummary): number => s.calls.reduce<number>((m, t) => Math.max(m, t), Number.NEGATIVE_INFINITY);

/**
 * Summarises the observations of one session (all of them, in any order: each carries its own
 * predecessors). The recovery lookahead is a parameter of the detection, so it is fixed here.
 */
export const summarizeSession = (sessionId: string, observations: readonly Observation[], recoveryLookahead: number): SessionSummary => {
  const mine = observations.filter((o) => o.sessionId === sessionId);
  const patterns: Record<string, { kind: PatternKind; tools: string[]; fresh: number[]; self: number[] }> = {};
  for (const o of [...findChains(mine), ...findErrorRetries(mine), ...findRecoveries(mine, recoveryLookahead)]) {
    const p = (patterns[o.id] ??= { kind: o.kind, tools: [...o.tools], fresh: [], self: [] });
    (o.selfInjected ? p.self : p.fresh).push(o.at);
  }
  const shown = new Set<string>();
  for (const o of mine) for (const id of o.injected) if (id.startsWith(HABIT_ID_PREFIX)) shown.add(id);
  return { sessionId, calls: mine.map((o) => o.at), failed: mine.filter((o) => !o.ok).length, shown: [...shown].sort(), patterns };
};

/** One summary per session of the observations (sessions in first-seen order). */
export const summarizeSessions = (observations: readonly Observation[], recoveryLookahead: number): SessionSummary[] => {
  const bySession = new Map<string, Observation[]>();
  for (const o of observations) {
    const list = bySession.get(o.sessionId);
    if (list) list.push(o);
    else bySession.set(o.sessionId, [o]);
  }
  return [...bySession].map(([id, list]) => summarizeSession(id, list, recoveryLookahead));
};
